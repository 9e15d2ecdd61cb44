// Every table, one module per area of the product.
export * from "./accounts.ts";
export * from "./datasets.ts";
export * from "./plotting.ts";
export * from "./forecasts.ts";
export * from "./backtest.ts";
