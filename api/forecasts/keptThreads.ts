// Engine threads kept warm between runs and price paths (issue 29, decision 0509). A fresh thread
// pays for loading the engine and for V8 compiling its dispatch while it runs: its first year costs
// 2.4–3.8 s against 0.6 s steady. So a thread that finished a job waits for the next one instead of
// ending. A thread runs one job at a time: it is posted the job and answers with messages, the last
// of which is a `result` or an `error`. A job that is abandoned (the process is stopping) or whose
// thread fails ends its thread; the next job starts a fresh one. Idle threads do not keep the
// process alive, and at most `maxIdle` wait (each holds its engine's memory).
import { Worker } from "node:worker_threads";

/**
 * The engine's in-memory market-year cache in a kept thread: smaller than its default, since an
 * idle thread holds it and the store (marketYearStore.ts) serves the years that come again.
 */
export const KEPT_THREAD_YEAR_CACHE_BYTES = 64 * 1024 * 1024;

export interface ThreadMessage {
  type: string;
  message?: string;
}

export interface KeptJob {
  /** Ends the job's thread (its work is dropped); the job's promise is left to the caller to settle. */
  abandon(): void;
}

export class KeptThreads {
  private idle: Worker[] = [];
  /** Threads started, for the tests and the bench. */
  started = 0;

  constructor(
    private readonly url: URL,
    private readonly maxIdle: number,
  ) {}

  /**
   * Posts `job` to a warm thread (a new one when none waits). `onMessage` sees every message;
   * `onEnd` is called once: with the final message (`result` or `error`), or with an Error when
   * the thread failed or stopped.
   */
  run(
    job: unknown,
    onMessage: (m: ThreadMessage) => void,
    onEnd: (m: ThreadMessage | Error) => void,
  ): KeptJob {
    const worker = this.idle.pop() ?? this.start();
    worker.ref();
    let ended = false;
    const detach = () => {
      worker.off("message", message);
      worker.off("error", failed);
      worker.off("exit", exited);
    };
    const end = (m: ThreadMessage | Error, keep: boolean) => {
      if (ended) return;
      ended = true;
      detach();
      if (keep && this.idle.length < this.maxIdle) {
        worker.unref();
        this.idle.push(worker);
      } else void worker.terminate();
      onEnd(m);
    };
    const message = (m: ThreadMessage) => {
      onMessage(m);
      if (m.type === "result" || m.type === "error") end(m, true);
    };
    const failed = (e: Error) => end(e, false);
    const exited = (code: number) =>
      end(new Error(`The model's thread stopped unexpectedly (exit ${code}).`), false);
    worker.on("message", message);
    worker.on("error", failed);
    worker.on("exit", exited);
    worker.postMessage(job);
    return {
      abandon: () => {
        if (ended) return;
        ended = true;
        detach();
        void worker.terminate();
      },
    };
  }

  /** Ends the waiting threads (tests; a process that stops ends them anyway). */
  async close(): Promise<void> {
    const idle = this.idle;
    this.idle = [];
    await Promise.all(idle.map((w) => w.terminate()));
  }

  private start(): Worker {
    this.started++;
    const w = new Worker(this.url);
    // a waiting thread that fails is dropped from the idle list
    w.on("error", () => this.drop(w));
    w.on("exit", () => this.drop(w));
    return w;
  }

  private drop(w: Worker) {
    this.idle = this.idle.filter((x) => x !== w);
  }
}
