// Public API of the location services (pure lookups; load tables with load.server.ts).
export * from "./lookup.ts";
