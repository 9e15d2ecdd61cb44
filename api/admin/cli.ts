// `npm run admin -- <command>`: run against the same database the app uses (embedded or DATABASE_URL).
import { ConfigError, loadConfig } from "../config.ts";
import { startDatabase } from "../db/database.ts";
import { asc } from "drizzle-orm";
import { createDb, createPool } from "../db/client.ts";
import { featureFlags } from "../db/schema/index.ts";
import { migrate } from "../db/migrate.ts";
import { syncCatalog } from "../access/sync.ts";
import { SUBSCRIPTIONS } from "../access/catalog.ts";
import {
  AdminError,
  createCompanyWithAdmin,
  decideUpgradeRequest,
  grantSubscription,
  makeCompanyAdmin,
  openUpgradeRequests,
  removeDemoAccounts,
  resetLink,
  listUsers,
  newApiKey,
  revokeSubscription,
  setFlag,
  type Target,
} from "./commands.ts";

const USAGE = `Usage: npm run admin -- <command>
  grant-subscription KEY --user EMAIL | --company NAME
  revoke-subscription KEY --user EMAIL | --company NAME
  set-flag KEY on|off|default [--user EMAIL]
  create-api-key EMAIL [NAME]
  create-company NAME --admin EMAIL     a company and its first admin (who invites the others)
  company-admin NAME EMAIL              make EMAIL an admin of the company NAME
  list-requests                         upgrade requests waiting for Voltcast's confirmation
  confirm-request ID | decline-request ID
  reset-link EMAIL                      print a one-time link to choose a new password
  remove-demo-accounts                  delete free@, gb@ and pro@voltcast.local
  list-users
  list-subscriptions
  list-flags`;

function target(args: string[]): Target {
  const u = args.indexOf("--user");
  const c = args.indexOf("--company");
  if (u >= 0 && args[u + 1]) return { user: args[u + 1] };
  if (c >= 0 && args[c + 1]) return { company: args[c + 1] };
  throw new AdminError("Say who: --user EMAIL or --company NAME");
}

async function main(args: string[]) {
  const [command, ...rest] = args;
  if (!command || command === "help" || command === "--help") {
    console.log(USAGE);
    return;
  }
  if (command === "list-subscriptions") {
    for (const s of SUBSCRIPTIONS) console.log(`${s.key.padEnd(30)} ${s.name} (${s.plan})`);
    return;
  }
  const config = loadConfig();
  const database = await startDatabase(config, () => {});
  const pool = createPool(database.url, 2);
  const db = createDb(pool);
  try {
    await migrate(pool, () => {});
    await syncCatalog(db);
    switch (command) {
      case "grant-subscription":
        await grantSubscription(db, rest[0], target(rest));
        console.log(`Granted ${rest[0]}.`);
        break;
      case "revoke-subscription":
        await revokeSubscription(db, rest[0], target(rest));
        console.log(`Revoked ${rest[0]}.`);
        break;
      case "set-flag": {
        const [key, value] = rest;
        if (value !== "on" && value !== "off" && value !== "default")
          throw new AdminError("The value must be on, off or default");
        const u = rest.indexOf("--user");
        await setFlag(db, key, value, u >= 0 ? rest[u + 1] : undefined);
        console.log(`Flag ${key} set ${value}${u >= 0 ? ` for ${rest[u + 1]}` : " for everyone"}.`);
        break;
      }
      case "create-api-key": {
        if (!rest[0]) throw new AdminError("Say whose key: create-api-key EMAIL");
        const key = await newApiKey(db, rest[0], rest[1]);
        console.log(key.key);
        break;
      }
      case "create-company": {
        const a = rest.indexOf("--admin");
        if (!rest[0] || a < 0 || !rest[a + 1])
          throw new AdminError('Say the name and its admin: create-company "NAME" --admin EMAIL');
        await createCompanyWithAdmin(db, rest[0], rest[a + 1]);
        console.log(`Company ${rest[0]} has its admin ${rest[a + 1]}.`);
        break;
      }
      case "company-admin":
        if (!rest[0] || !rest[1]) throw new AdminError('Say which: company-admin "NAME" EMAIL');
        await makeCompanyAdmin(db, rest[0], rest[1]);
        console.log(`${rest[1]} is now an admin of ${rest[0]}.`);
        break;
      case "list-requests":
        console.table(await openUpgradeRequests(db));
        break;
      case "confirm-request":
      case "decline-request":
        if (!rest[0]) throw new AdminError(`Say which: ${command} ID (see list-requests)`);
        await decideUpgradeRequest(db, rest[0], command === "confirm-request");
        console.log(command === "confirm-request" ? "Granted." : "Declined.");
        break;
      case "reset-link":
        if (!rest[0]) throw new AdminError("Say whose: reset-link EMAIL");
        console.log(await resetLink(db, rest[0], `http://localhost:${config.PORT}`));
        break;
      case "remove-demo-accounts":
        console.log(`Removed ${await removeDemoAccounts(db)} demo accounts.`);
        break;
      case "list-users":
        console.table(await listUsers(db));
        break;
      case "list-flags": {
        const rows = await db.select().from(featureFlags).orderBy(asc(featureFlags.key));
        for (const r of rows) console.log(`${r.key.padEnd(50)} ${r.enabled ? "on" : "off"}`);
        break;
      }
      default:
        throw new AdminError(`Unknown command ${command}\n${USAGE}`);
    }
  } finally {
    await pool.end();
    await database.stop();
  }
}

main(process.argv.slice(2)).catch((e) => {
  console.error(e instanceof AdminError || e instanceof ConfigError ? e.message : e);
  process.exit(1);
});
