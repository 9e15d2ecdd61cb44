// Worker-thread entry for the GB leaderboard: tsx worker threads need this .mjs shim that registers
// the TypeScript loader before importing the implementation.
import { register } from "tsx/esm/api";
register();
await import("./leaderboardThreadImpl.ts");
