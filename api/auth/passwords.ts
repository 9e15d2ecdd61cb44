// Passwords (decision 0008): slow hashing (Argon2id, OWASP's recommended parameters), and new
// passwords checked against the common-password list that zxcvbn-ts ships (49,000 passwords from
// breaches, bundled in the npm package: nothing is downloaded at run time).
import { hash, verify } from "@node-rs/argon2";
import common from "@zxcvbn-ts/language-common";

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

let commonSet: Set<string> | undefined;
function commonPasswords(): Set<string> {
  commonSet ??= new Set((common.dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return commonSet;
}

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common: it appears in lists of leaked passwords. Please choose another.";

/**
 * True for a password an attacker tries first: one on the list (ignoring case), one on the list
 * with digits or symbols added at the end ("sunshine2024!"), a short pattern repeated
 * ("abcabcabcabc", "111111111111"), or the account's own e-mail address.
 */
export function isCommonPassword(password: string, email?: string): boolean {
  const lower = password.toLowerCase();
  const list = commonPasswords();
  if (list.has(lower)) return true;
  const stem = lower.replace(/[^a-z]+$/, "");
  if (stem.length >= 4 && stem !== lower && list.has(stem)) return true;
  if (/^(.{1,4})\1+$/s.test(lower)) return true;
  if (email && (lower === email.toLowerCase() || lower === email.toLowerCase().split("@")[0])) return true;
  return false;
}
