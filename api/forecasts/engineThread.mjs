// Worker-thread entry for a forecast run: tsx worker threads need this .mjs shim that registers
// the TypeScript loader before importing the implementation.
import { register } from "tsx/esm/api";
register();
await import("./engineThreadImpl.ts");
