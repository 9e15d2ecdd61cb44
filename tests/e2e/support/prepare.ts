// `tsx tests/e2e/support/prepare.ts`: makes the browser tests' prepared database now (if these
// sources have none yet), e.g. while CI runs the other checks; the servers then only clone it.
import { testServer } from "../../support/backend.ts";
import { preparedTemplate } from "./prepared-database.ts";

const started = performance.now();
const server = await testServer();
const { template } = await preparedTemplate(server.adminUrl);
console.log(`prepared database ${template} (${((performance.now() - started) / 1000).toFixed(0)} s)`);
await server.stop();
