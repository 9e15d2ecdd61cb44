import { setTimeout as sleep } from "node:timers/promises";

/**
 * Polls `fn` until it gives a value, or fails naming `what` after `seconds` (generous: it only
 * bounds a failing test). A test waits for what it needs (a run finished, a server up), never a
 * fixed time. `retry` says which errors mean "not yet" (a refused connection while a server
 * starts); any other error fails at once.
 */
export async function waitFor<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false>,
  seconds = 300,
  { retry, detail }: WaitOptions = {},
): Promise<T> {
  const until = Date.now() + seconds * 1000;
  for (;;) {
    const v = await fn().catch((e: Error) => {
      if (retry?.(e)) return null;
      throw e;
    });
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}${detail ? `\n${detail()}` : ""}`);
    await sleep(300);
  }
}

export interface WaitOptions {
  /** true: the error means "not yet", try again */
  retry?: (e: Error) => boolean;
  /** appended to the time-out message (e.g. a server's log) */
  detail?: () => string;
}
