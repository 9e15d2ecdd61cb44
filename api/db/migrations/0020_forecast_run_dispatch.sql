-- The whole interval dispatch of a finished run, one row per revenue strategy and year, for the
-- API's dispatch download (GET /forecast/run-library/{id}/result/dispatch.csv). The columns are
-- packed as little-endian float32 arrays of n intervals each, in this order: price, charge MW,
-- discharge MW, import MW, export MW, state of charge MWh (6 × n × 4 bytes; a GB year ≈ 420 kB).
-- No foreign key: this number sorts before 0100_forecasts (forecast_runs). Rows of deleted runs are
-- removed by the code that deletes runs and swept when a run's dispatch is saved (api/forecasts/dispatch.ts).
create table forecast_run_dispatch (
  run_id uuid not null,
  strategy text not null,
  year int not null,
  start_utc timestamptz not null,
  interval_minutes int not null,
  intervals int not null,
  currency text not null,
  columns bytea not null,
  primary key (run_id, strategy, year)
);
