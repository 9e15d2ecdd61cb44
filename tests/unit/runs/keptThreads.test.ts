// Engine threads kept warm between jobs (decision 0509): a finished job's thread takes the next one;
// a job that fails in its model keeps the thread; an abandoned job or a thread that dies ends the
// thread, and the next job starts a fresh one.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { KeptThreads, type ThreadMessage } from "../../../api/forecasts/keptThreads.ts";

const dir = mkdtempSync(path.join(tmpdir(), "kept-threads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
// a thread that counts its jobs: its answer says whether it is the same thread as before
const script = path.join(dir, "thread.mjs");
writeFileSync(
  script,
  `import { parentPort, threadId } from "node:worker_threads";
let jobs = 0;
parentPort.on("message", (job) => {
  jobs++;
  if (job === "hang") return;
  if (job === "die") process.exit(3);
  parentPort.postMessage({ type: "progress" });
  if (job === "fail") parentPort.postMessage({ type: "error", message: "no such year" });
  else parentPort.postMessage({ type: "result", threadId, jobs });
});
`,
);

function run(threads: KeptThreads, job: string) {
  const seen: string[] = [];
  let abandon = () => {};
  const done = new Promise<ThreadMessage | Error>((resolve) => {
    abandon = threads.run(job, (m) => seen.push(m.type), resolve).abandon;
  });
  return { done, seen, abandon };
}

type Answer = ThreadMessage & { threadId: number; jobs: number };
/** The thread's answer to a job that succeeds. */
const answer = async (threads: KeptThreads, job: string) => (await run(threads, job).done) as Answer;

describe("kept threads", () => {
  it("run one job after another on the same warm thread", async () => {
    const threads = new KeptThreads(pathToFileURL(script), 1);
    const a = await answer(threads, "a");
    const b = await answer(threads, "b");
    expect(b.threadId).toBe(a.threadId);
    expect([a.jobs, b.jobs]).toEqual([1, 2]);
    expect(threads.started).toBe(1);
    // a model's error ends the job, not the thread
    const f = run(threads, "fail");
    expect(await f.done).toMatchObject({ type: "error", message: "no such year" });
    expect(f.seen).toEqual(["progress", "error"]);
    expect((await answer(threads, "c")).jobs).toBe(4);
    expect(threads.started).toBe(1);
    await threads.close();
  });

  it("start a fresh thread after an abandoned job or a thread that died", async () => {
    const threads = new KeptThreads(pathToFileURL(script), 1);
    await run(threads, "a").done;
    const hanging = run(threads, "hang");
    hanging.abandon();
    expect((await answer(threads, "b")).jobs).toBe(1);
    expect(threads.started).toBe(2);
    const died = await run(threads, "die").done;
    expect(died).toBeInstanceOf(Error);
    expect((died as Error).message).toMatch(/stopped unexpectedly \(exit 3\)/);
    expect((await answer(threads, "c")).jobs).toBe(1);
    expect(threads.started).toBe(3);
    await threads.close();
  });

  it("keep at most maxIdle threads waiting", async () => {
    const threads = new KeptThreads(pathToFileURL(script), 1);
    const [x, y] = await Promise.all([answer(threads, "x"), answer(threads, "y")]);
    expect(x.threadId).not.toBe(y.threadId);
    const ids = new Set<number>();
    for (const j of ["p", "q"]) ids.add((await answer(threads, j)).threadId);
    expect(ids.size).toBe(1);
    expect(threads.started).toBe(2);
    await threads.close();
  });
});
