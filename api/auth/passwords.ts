// Passwords (decision 0008): slow hashing (Argon2id, OWASP's recommended parameters). Which new
// passwords are refused: weakPasswords.ts.
import { hash, verify } from "@node-rs/argon2";

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Checked against when the e-mail is unknown, so that a log-in takes as long either way.
let dummyHash: Promise<string> | undefined;
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword("voltcast: no such account");
  await verifyPassword(await dummyHash, password);
  return false;
}
