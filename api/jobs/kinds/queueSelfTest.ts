// A job used by the queue's own tests (restart and retry behaviour); registered only when
// VOLTCAST_TEST_JOBS=true, never in a normal start.
import { setTimeout as sleep } from "node:timers/promises";
import { defineJob } from "../types.ts";

export const queueSelfTest = defineJob<{ ms: number; fail?: boolean }>({
  name: "queue-self-test",
  retryLimit: 2,
  retryDelaySeconds: 0,
  expireInSeconds: 3,
  async handle(data, _ctx, job) {
    await sleep(data.ms);
    if (data.fail) throw new Error(`self-test failure on attempt ${job.retryCount + 1}`);
    return { finishedOnAttempt: job.retryCount + 1 };
  },
});
