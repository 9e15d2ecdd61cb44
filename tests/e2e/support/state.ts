// The browser tests' server writes its database address here (per port), so that tests can read
// what it would have e-mailed: there is no mail server, links are made in the database.
import { tmpdir } from "node:os";
import path from "node:path";

export function e2eStateFile(port = process.env.E2E_PORT ?? "3100"): string {
  return path.join(tmpdir(), `voltcast-e2e-${port}.json`);
}
