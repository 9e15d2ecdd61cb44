// vitest setup of the integration project, whose files share a worker's modules (isolate: false,
// decision 0517): several files set process.env at their top (library runs, the run interval, test
// jobs) and the back end reads it when it starts. What a file set is undone when it ends, so each
// file starts from the same environment whatever ran before it in that worker.
import { afterAll } from "vitest";

const before = { ...process.env };
afterAll(() => {
  for (const k of Object.keys(process.env)) if (!(k in before)) delete process.env[k];
  Object.assign(process.env, before);
});
