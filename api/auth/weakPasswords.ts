// Passwords an attacker tries first (decision 0008, issue 28 item 4), each refused with a message
// saying why. Built on the lists zxcvbn-ts ships (@zxcvbn-ts/language-common: 49,000 leaked
// passwords, 7,776 common words and the keyboard layouts; bundled, nothing downloaded at run time):
// - the product's own public strings ("voltcast", the demo password) and passwords published as
//   examples ("correcthorsebatterystaple");
// - a password on the leaked list, or one with digits or symbols added ("sunshine2024!"), a short
//   pattern repeated, the account's own e-mail address;
// - a password made only of guessable pieces — common words, keyboard runs ("qwertyuiop"),
//   sequences ("123456", "abcdef"), years — whose estimated guesses (zxcvbn's way: the cheapest
//   split into pieces, each costing its rank or pattern size) stay under 10^8, zxcvbn's score 3.
import common from "@zxcvbn-ts/language-common";

export const COMMON_PASSWORD_MESSAGE =
  "This password is too common: it appears in lists of leaked passwords. Please choose another.";
export const PUBLIC_PASSWORD_MESSAGE =
  "This password uses words published with Voltcast (such as its name or the demo password) or a well-known example password: anyone can guess it. Please choose another.";
export const GUESSABLE_PASSWORD_MESSAGE =
  "This password is too easy to guess: it is made of common words, keyboard runs (such as “qwerty”) or sequences (such as “1234”). Please add words of your own or make it longer.";

/** Strings anyone can read: the product's name and demo password, and famous example passwords. */
const PUBLIC_STRINGS = ["voltcast"];
const PUBLIC_PASSWORDS = ["voltcastdemo", "correcthorsebatterystaple", "tr0ub4dor&3", "troubador3"];

/** Fewer estimated guesses than this is refused: zxcvbn's score 3 ("safely unguessable" online). */
export const MIN_GUESSES_LOG2 = Math.log2(1e8);

let ranks: Map<string, number> | undefined;
/** Each listed word or password and its rank (1 = most common); common words rank as one of 7,776. */
function wordRanks(): Map<string, number> {
  if (ranks) return ranks;
  ranks = new Map();
  const words = common.dictionary["diceware-common"] as string[];
  for (const w of words) ranks.set(w.toLowerCase(), words.length);
  (common.dictionary["passwords-common"] as string[]).forEach((p, i) => {
    const key = p.toLowerCase();
    ranks!.set(key, Math.min(ranks!.get(key) ?? Infinity, i + 1));
  });
  return ranks;
}
let commonSet: Set<string> | undefined;
function commonPasswords(): Set<string> {
  commonSet ??= new Set((common.dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return commonSet;
}

/** Neighbouring keys, per keyboard layout (qwerty, azerty, qwertz, dvorak, keypads). */
let layouts: Map<string, Set<string>>[] | undefined;
function keyboardLayouts() {
  layouts ??= Object.values(common.adjacencyGraphs as Record<string, Record<string, (string | null)[]>>).map(
    (graph) => {
      const near = new Map<string, Set<string>>();
      for (const [key, around] of Object.entries(graph))
        for (const ch of key) near.set(ch, new Set(around.filter((a): a is string => !!a).join("")));
      return near;
    },
  );
  return layouts;
}

const onKeyboardRun = (s: string) =>
  keyboardLayouts().some((near) => [...s].every((ch, i) => i === 0 || near.get(s[i - 1])?.has(ch)));
const isSequence = (s: string) => {
  const step = s.charCodeAt(1) - s.charCodeAt(0);
  return (
    Math.abs(step) === 1 &&
    /^([a-z]+|[0-9]+)$/.test(s) &&
    [...s].every((ch, i) => i === 0 || ch.charCodeAt(0) - s.charCodeAt(i - 1) === step)
  );
};

/** log2 of the guesses needed for one character on its own. */
function charBits(ch: string): number {
  if (/[a-z]/.test(ch)) return Math.log2(26);
  if (/[A-Z]/.test(ch)) return Math.log2(52);
  if (/[0-9]/.test(ch)) return Math.log2(10);
  if (/[-_. ]/.test(ch)) return 2; // separators people put between words
  return Math.log2(33);
}

/**
 * log2 of the guesses an attacker who knows these patterns needs: the cheapest split of the
 * password into pieces (a listed word costs its rank, a keyboard run or sequence its start, length
 * and direction, a year one of 200, anything else each character on its own).
 */
export function guessesLog2(password: string): number {
  const lower = password.toLowerCase();
  const n = password.length;
  const best = new Array<number>(n + 1).fill(Infinity);
  best[0] = 0;
  for (let i = 0; i < n; i++) {
    if (best[i] === Infinity) continue;
    const at = (j: number, bits: number) => (best[j] = Math.min(best[j], best[i] + bits));
    at(i + 1, charBits(password[i]));
    for (let j = i + 2; j <= n; j++) {
      const piece = lower.slice(i, j);
      const capitals = piece === password.slice(i, j) ? 0 : 1;
      const rank = j - i >= 3 ? wordRanks().get(piece) : undefined;
      if (rank) at(j, Math.log2(rank + 1) + capitals);
      if (onKeyboardRun(piece)) at(j, Math.log2(47) + Math.log2(j - i) + 1 + capitals);
      else if (j - i >= 3 && isSequence(piece)) at(j, Math.log2(36) + Math.log2(j - i) + 1);
      if (j - i === 4 && /^(19|20)\d\d$/.test(piece)) at(j, Math.log2(200));
      if (j - i >= 3 && new Set(piece).size === 1) at(j, Math.log2(95) + Math.log2(j - i));
    }
  }
  return best[n];
}

/** Why a new password is refused, or null when it is fine. */
export function weakPasswordMessage(password: string, email?: string): string | null {
  const lower = password.toLowerCase();
  const letters = lower.replace(/[^a-z0-9&]+/g, "");
  if (
    PUBLIC_PASSWORDS.some((p) => letters === p || lower === p) ||
    PUBLIC_STRINGS.some((s) => letters.includes(s))
  )
    return PUBLIC_PASSWORD_MESSAGE;
  const list = commonPasswords();
  if (list.has(lower)) return COMMON_PASSWORD_MESSAGE;
  const stem = lower.replace(/[^a-z]+$/, "");
  if (stem.length >= 4 && stem !== lower && list.has(stem)) return COMMON_PASSWORD_MESSAGE;
  if (/^(.{1,4})\1+$/s.test(lower)) return COMMON_PASSWORD_MESSAGE;
  if (email && (lower === email.toLowerCase() || lower === email.toLowerCase().split("@")[0]))
    return COMMON_PASSWORD_MESSAGE;
  if (guessesLog2(password) < MIN_GUESSES_LOG2) return GUESSABLE_PASSWORD_MESSAGE;
  return null;
}
