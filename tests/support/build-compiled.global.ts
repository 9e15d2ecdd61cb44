// vitest globalSetup of the integration project: the compiled server is built once, before any file
// runs. Built per file, one file's build (which empties dist/) raced another file's server start.
import { buildCompiledServer } from "./compiled.ts";

export default function setup(): void {
  buildCompiledServer();
}
