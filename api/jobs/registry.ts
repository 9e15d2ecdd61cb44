// Every job kind Voltcast runs. Add new kinds here (one module each under kinds/). Only the
// composition root (api/bootstrap.ts) imports this list and hands it to the queue: the queue and
// the areas that send jobs never import it, so no area depends on another's jobs.
import type { JobKind } from "./types.ts";
import { purgeLoginAttempts } from "./kinds/purgeLoginAttempts.ts";
import { queueSelfTest } from "./kinds/queueSelfTest.ts";
import { datasetDownload } from "./kinds/datasetDownload.ts";
import { forecastRun, forecastRunDead, forecastRunShort } from "./kinds/forecastRun.ts";
import { forecastPath, forecastPathDead } from "./kinds/forecastPath.ts";
import { runZipArchive } from "./kinds/runZipArchive.ts";
import { datasetsSeed } from "./kinds/datasetsSeed.ts";
import { worldViewFiles } from "./kinds/worldViewFiles.ts";
import { backtestRun } from "./kinds/backtestRun.ts";
import { gbLeaderboardRun } from "./kinds/gbLeaderboardRun.ts";
import { parseEnv } from "../config.ts";

export const JOB_KINDS: JobKind<any>[] = [
  purgeLoginAttempts,
  datasetDownload,
  forecastRunDead,
  forecastRun,
  forecastRunShort,
  forecastPathDead,
  forecastPath,
  runZipArchive,
  datasetsSeed,
  worldViewFiles,
  backtestRun,
  gbLeaderboardRun,
];

/** Kinds active in this process (the self-test kind only when tests ask for it). */
export function activeJobKinds(): JobKind<any>[] {
  return parseEnv().VOLTCAST_TEST_JOBS === "true" ? [...JOB_KINDS, queueSelfTest] : JOB_KINDS;
}

/** Recurring jobs: [kind name, cron]. */
export const SCHEDULES: [string, string][] = [["purge-login-attempts", "17 3 * * *"]];
