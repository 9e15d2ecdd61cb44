// Users and their companies.
import type pg from "pg";
import { hashPassword } from "./passwords.ts";

export interface PublicUser {
  id: string;
  email: string;
  fullName: string;
  companyName: string | null;
}

const SELECT_USER = `select u.id, u.email, u.full_name as "fullName", c.name as "companyName", u.password_hash as "passwordHash"
  from users u left join companies c on c.id = u.company_id`;

export async function findUserByEmail(pool: pg.Pool, email: string) {
  const { rows } = await pool.query(`${SELECT_USER} where u.email = $1`, [email.toLowerCase()]);
  return (rows[0] as (PublicUser & { passwordHash: string }) | undefined) ?? null;
}

export async function findUserById(pool: pg.Pool, id: string): Promise<PublicUser | null> {
  const { rows } = await pool.query(`${SELECT_USER} where u.id = $1`, [id]);
  if (!rows[0]) return null;
  const { passwordHash: _omit, ...user } = rows[0];
  return user;
}

export async function companyId(client: pg.Pool | pg.PoolClient, name: string): Promise<string> {
  const { rows } = await client.query(
    `insert into companies(name) values ($1) on conflict (name) do update set name = excluded.name returning id`,
    [name.trim()],
  );
  return rows[0].id;
}

/** Creates the user (and the company when new); null when the email is taken. */
export async function createUser(
  pool: pg.Pool,
  input: { email: string; fullName: string; companyName: string; password: string },
): Promise<PublicUser | null> {
  const passwordHash = await hashPassword(input.password);
  const client = await pool.connect();
  try {
    await client.query("begin");
    const company = await companyId(client, input.companyName);
    const { rows } = await client.query(
      `insert into users(email, full_name, company_id, password_hash) values ($1,$2,$3,$4)
       on conflict (email) do nothing returning id`,
      [input.email.toLowerCase(), input.fullName, company, passwordHash],
    );
    await client.query("commit");
    if (!rows[0]) return null;
    return {
      id: rows[0].id,
      email: input.email.toLowerCase(),
      fullName: input.fullName,
      companyName: input.companyName,
    };
  } catch (e) {
    await client.query("rollback");
    throw e;
  } finally {
    client.release();
  }
}
