-- Issue 19 item 19: how far the first start's market-data import is, for the library's notice
-- ("Importing market data… n of m files"). One row per import job kind (today only 'datasets-seed');
-- written by the seed (api/datasets/seed.ts), read by GET /data-api/data-and-charts/data/import-status/.
create table if not exists dataset_import_progress (
  name text primary key,
  status text not null check (status in ('queued', 'importing', 'done', 'failed')),
  files_done integer not null default 0,
  files_total integer,
  current_file text,
  error text,
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz not null default now()
);
