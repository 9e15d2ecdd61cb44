// Log-in attempts are rate-limited per email and per client address, counted in the database so
// that the limit holds across processes.
import type pg from "pg";

export const LOGIN_WINDOW_MINUTES = 15;
export const MAX_FAILURES_PER_EMAIL = 5;
export const MAX_FAILURES_PER_IP = 30;

/** Minutes to wait before another attempt is allowed, or 0. */
export async function loginBlockedFor(pool: pg.Pool, email: string, ip: string): Promise<number> {
  const { rows } = await pool.query(
    `select
       count(*) filter (where email = $1) as by_email,
       count(*) filter (where ip = $2) as by_ip,
       min(at) as oldest
     from login_attempts
     where not succeeded and at > now() - make_interval(mins => $3) and (email = $1 or ip = $2)`,
    [email, ip, LOGIN_WINDOW_MINUTES],
  );
  const r = rows[0];
  if (Number(r.by_email) < MAX_FAILURES_PER_EMAIL && Number(r.by_ip) < MAX_FAILURES_PER_IP) return 0;
  const waitMs = new Date(r.oldest).getTime() + LOGIN_WINDOW_MINUTES * 60_000 - Date.now();
  return Math.max(1, Math.ceil(waitMs / 60_000));
}

export async function recordLoginAttempt(pool: pg.Pool, email: string, ip: string, succeeded: boolean) {
  await pool.query(`insert into login_attempts(email, ip, succeeded) values ($1,$2,$3)`, [
    email,
    ip,
    succeeded,
  ]);
}
