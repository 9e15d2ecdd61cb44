// Worker-thread entry for one price path: tsx worker threads need this .mjs shim that registers
// the TypeScript loader before importing the implementation.
import { register } from "tsx/esm/api";
register();
await import("./pathThreadImpl.ts");
