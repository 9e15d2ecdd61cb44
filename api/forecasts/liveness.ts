// Runs that survive their worker (decisions 0010, 0023; a run's price paths likewise, 0403).
// A dead worker (killed, crashed, machine gone) is pg-boss's to notice: the run and path jobs carry
// a heartbeat, and a job whose heartbeat stops is failed and retried on any live worker (or sent to
// the dead letter when its retries are spent). What stays here is the hand back: on shutdown, the
// runs this process computes are stopped and returned to the queue (their job fails with "handed
// back" and is retried), so a restart never leaves a run frozen.

/** Thrown inside a run's handler when the process stops: the job fails and pg-boss retries it. */
export class HandedBack extends Error {
  constructor() {
    super("This worker is stopping: the run goes back to the queue.");
  }
}

const computing = new Set<() => void>();

/** Register a run's stop function while it computes; returns the unregister function. */
export function whileComputing(stop: () => void): () => void {
  computing.add(stop);
  return () => computing.delete(stop);
}

let stopping = false;
export const isStopping = () => stopping;
/** Workers (re)started in this process: runs are taken again. */
export function resumeComputing() {
  stopping = false;
}

/** Stop every run this process computes; each handler then ends with HandedBack. */
export function handBackRuns(): number {
  stopping = true;
  const n = computing.size;
  for (const stop of [...computing]) stop();
  return n;
}
