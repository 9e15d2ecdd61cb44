-- Per-key rate limits counted in the database (issue 28, item 6): every web/API process sees the
-- same count. One row per key: the start of its current one-minute window and the calls in it.
create table api_key_calls (
  key_id uuid primary key references api_keys (id) on delete cascade,
  window_start timestamptz not null,
  calls integer not null
);
