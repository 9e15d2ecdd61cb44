-- A finished run's price paths (issue 30 item 2, decision 0403): one row per path, made with the
-- path's queue job in the transaction that finishes the run. The primary key makes a path count
-- once: a retried job that finds its path done does nothing. `attempts` and `worker` say who
-- computed it (the integration test checks that two workers shared a run and that a killed
-- worker's paths were computed again elsewhere).
create table forecast_run_paths (
  run_id uuid not null references forecast_runs(id) on delete cascade,
  path integer not null,
  seed integer not null,
  status text not null default 'waiting' check (status in ('waiting', 'done', 'failed')),
  job_id text,
  attempts integer not null default 0,
  worker text,
  years jsonb,
  error text,
  finished_at timestamptz,
  primary key (run_id, path)
);
