// Every table, one module per area of the product.
export * from "./accounts.ts";
