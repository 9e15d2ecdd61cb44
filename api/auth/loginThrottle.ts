// Log-in throttling that slows attackers without locking the owner out (decision 0008).
// Failed attempts are counted in the database (so the limit holds across processes) over a window,
// under three keys; past a free allowance each key makes the next attempt wait, doubling per failure:
// - the client address (one attacker trying many accounts),
// - the account from that address (one attacker guessing one password),
// - the account from everywhere (many addresses guessing one password) — but an address from which
//   the account logged in successfully in the last RECOGNISED_DAYS is exempt from this one, so the
//   owner still gets in while strangers wait.
// Nothing ever blocks for longer than the cap, and a refused attempt is not counted.
// A recognised device (issue 28, item 3) — a browser that logged in to the account before, proven
// by a device token the API signed for that account — is throttled only on its own failures, so a
// stranger's guesses, from anywhere or from the owner's shared address, never lock the owner out.
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, min, sql } from "drizzle-orm";
import type { Db } from "../db/client.ts";
import { loginAttempts, signupAttempts } from "../db/schema/index.ts";

export const WINDOW_MINUTES = 15;
export const RECOGNISED_DAYS = 30;

export interface Backoff {
  free: number;
  capSeconds: number;
}
export const PER_IP: Backoff = { free: 20, capSeconds: 15 * 60 };
export const PER_ACCOUNT_AND_IP: Backoff = { free: 5, capSeconds: 15 * 60 };
export const PER_ACCOUNT: Backoff = { free: 10, capSeconds: 60 };
/** A recognised device's own failures: a stolen device token buys no more guesses than an address. */
export const PER_DEVICE: Backoff = { free: 5, capSeconds: 15 * 60 };

const deviceSignature = (secret: string, email: string, deviceId: string) =>
  createHmac("sha256", secret)
    .update(`login-device\n${email.toLowerCase()}\n${deviceId}`)
    .digest("base64url");

/** A device token for this account, given at a successful log-in (the web app keeps it in its cookie). */
export function deviceTokenFor(
  secret: string,
  email: string,
  deviceId = randomBytes(16).toString("base64url"),
) {
  return `${deviceId}.${deviceSignature(secret, email, deviceId)}`;
}

/** The device id of a token the API signed for this account, else null. */
export function recognisedDevice(secret: string, email: string, token: string | undefined): string | null {
  const [deviceId, signature, extra] = (token ?? "").split(".");
  if (!deviceId || !signature || extra !== undefined || deviceId.length > 64) return null;
  const expected = Buffer.from(deviceSignature(secret, email, deviceId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? deviceId : null;
}

/** Seconds to wait after the last of `failures` failures: 0 within the allowance, then 1, 2, 4 … up to the cap. */
export function backoffSeconds(failures: number, rule: Backoff): number {
  if (failures < rule.free) return 0;
  return Math.min(rule.capSeconds, 2 ** Math.min(30, failures - rule.free));
}

/** Seconds before this recognised device may try this account again: its own failures since its last success. */
async function deviceWaitSeconds(db: Db, email: string, device: string): Promise<number> {
  // Raw SQL: filtered aggregates over a CTE, as below.
  const ms = (x: ReturnType<typeof sql>) => sql`(extract(epoch from ${x}) * 1000)::float8`;
  const { rows } = await db.execute<{ now: number; failures: number; last: number | null }>(sql`
     with mine as (
       select succeeded, at from ${loginAttempts}
        where email = ${email} and device = ${device} and at > now() - make_interval(mins => ${WINDOW_MINUTES})
     )
     select ${ms(sql`now()`)} as now,
       (count(*) filter (where not succeeded
          and at > coalesce((select max(at) from mine where succeeded), '-infinity')))::int as failures,
       ${ms(sql`max(at) filter (where not succeeded)`)} as last
     from mine`);
  const r = rows[0];
  if (r.last === null) return 0;
  return Math.ceil(Math.max(0, r.last + backoffSeconds(r.failures, PER_DEVICE) * 1000 - r.now) / 1000);
}

/** Seconds before this address (or this recognised device) may try this account again (0: now). */
export async function loginWaitSeconds(
  db: Db,
  email: string,
  ip: string,
  device: string | null = null,
): Promise<number> {
  if (device) return deviceWaitSeconds(db, email, device);
  // Raw SQL: one pass of filtered aggregates over a CTE, which the query builder cannot express.
  // Times are epoch milliseconds (float8), so that nothing depends on how timestamps are parsed.
  const ms = (x: ReturnType<typeof sql>) => sql`(extract(epoch from ${x}) * 1000)::float8`;
  const { rows } = await db.execute<{
    now: number;
    ip_failures: number;
    ip_last: number | null;
    pair_failures: number;
    pair_last: number | null;
    account_failures: number;
    account_last: number | null;
    recognised: boolean;
  }>(sql`with recent as (
       select email, ip, succeeded, at from ${loginAttempts}
        where at > now() - make_interval(mins => ${WINDOW_MINUTES}) and (email = ${email} or ip = ${ip})
     ),
     pair_success as (
       select max(at) as at from recent where email = ${email} and ip = ${ip} and succeeded
     )
     select
       ${ms(sql`now()`)} as now,
       (count(*) filter (where not succeeded and ip = ${ip}))::int as ip_failures,
       ${ms(sql`max(at) filter (where not succeeded and ip = ${ip})`)} as ip_last,
       (count(*) filter (where not succeeded and email = ${email} and ip = ${ip}
                          and at > coalesce((select at from pair_success), '-infinity')))::int as pair_failures,
       ${ms(sql`max(at) filter (where not succeeded and email = ${email} and ip = ${ip})`)} as pair_last,
       (count(*) filter (where not succeeded and email = ${email}))::int as account_failures,
       ${ms(sql`max(at) filter (where not succeeded and email = ${email})`)} as account_last,
       exists (select 1 from ${loginAttempts} where email = ${email} and ip = ${ip} and succeeded
                 and at > now() - make_interval(days => ${RECOGNISED_DAYS})) as recognised
     from recent`);
  const r = rows[0];
  const waitAfter = (last: number | null, failures: number, rule: Backoff) =>
    last !== null ? Math.max(0, last + backoffSeconds(failures, rule) * 1000 - r.now) : 0;
  const wait = Math.max(
    waitAfter(r.ip_last, r.ip_failures, PER_IP),
    waitAfter(r.pair_last, r.pair_failures, PER_ACCOUNT_AND_IP),
    r.recognised ? 0 : waitAfter(r.account_last, r.account_failures, PER_ACCOUNT),
  );
  return Math.ceil(wait / 1000);
}

export async function recordLoginAttempt(
  db: Db,
  email: string,
  ip: string,
  succeeded: boolean,
  device: string | null = null,
) {
  await db.insert(loginAttempts).values({ email, ip, succeeded, device });
}

/** "Too many failed log-in attempts. Please try again in 8 seconds." */
export function loginWaitMessage(seconds: number): string {
  const text =
    seconds < 90 ? `${seconds} second${seconds === 1 ? "" : "s"}` : `${Math.ceil(seconds / 60)} minutes`;
  return `Too many failed log-in attempts. Please try again in ${text}.`;
}

export const SIGNUPS_PER_HOUR_PER_IP = 10;

/** Seconds before this address may sign up again (0: now). */
export async function signupWaitSeconds(db: Db, ip: string): Promise<number> {
  const [r] = await db
    .select({
      n: count(),
      oldest: min(signupAttempts.at),
      now: sql<Date>`now()`.mapWith(signupAttempts.at),
    })
    .from(signupAttempts)
    .where(and(eq(signupAttempts.ip, ip), gt(signupAttempts.at, sql`now() - interval '1 hour'`)));
  if (r.n < SIGNUPS_PER_HOUR_PER_IP) return 0;
  return Math.max(1, Math.ceil((r.oldest!.getTime() + 3600_000 - r.now.getTime()) / 1000));
}

export async function recordSignup(db: Db, ip: string) {
  await db.insert(signupAttempts).values({ ip });
}
