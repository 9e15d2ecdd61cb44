// Worker-thread entry for previews: tsx worker threads need this .mjs shim that registers the
// TypeScript loader before importing the implementation.
import { register } from "tsx/esm/api";
register();
await import("./previewThreadImpl.ts");
