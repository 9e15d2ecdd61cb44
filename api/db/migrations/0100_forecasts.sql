-- Forecast builder and run library: runs (a draft is a run with status 'draft', not yet computed)
-- with their progress events and results,
-- uploaded degradation curves and solar profiles, zip archives, the asset library and portfolios.

create table forecast_runs (
  id uuid primary key default gen_random_uuid(),
  -- null for Voltcast's own library runs
  user_id uuid references users(id) on delete cascade,
  run_name text not null,
  asset_name text,
  status text not null check (status in ('draft', 'processing', 'ready_for_review', 'failed')),
  is_custom boolean not null default true,
  -- where the run came from: computed by the engine, or uploaded by the client (forecasts-from-clients)
  source text not null default 'engine' check (source in ('engine', 'client_upload', 'library')),
  market_region text not null check (market_region in ('GB', 'ERCOT', 'NEM', 'DE', 'ES')),
  configuration text not null check (configuration in ('bess', 'solar', 'solarDCcoupling', 'solarACcoupling', 'wind')),
  -- the library subscription guarding a non-custom run (spec §6), or null
  subscription text references subscriptions(key) on delete set null,
  macro_scenario_id text,
  forecast jsonb not null,
  finance_status text not null default 'no_status'
    check (finance_status in ('no_status', 'scoping', 'ready_for_finance', 'shared_for_finance')),
  model_version text,
  result jsonb,
  -- years already computed, kept so that a run whose worker died resumes where it stopped
  partial jsonb not null default '[]'::jsonb,
  result_file bytea,
  result_file_name text,
  job_id text,
  attempts int not null default 0,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  started_at timestamptz,
  finished_at timestamptz
);
create index forecast_runs_user on forecast_runs(user_id, created_at desc);
create index forecast_runs_status on forecast_runs(status, created_at desc);
create index forecast_runs_library on forecast_runs(market_region, created_at desc) where not is_custom;

create table forecast_run_events (
  id bigserial primary key,
  run_id uuid not null references forecast_runs(id) on delete cascade,
  event text not null,
  status text not null check (status in ('success', 'warning')),
  percentage numeric(5, 1) not null check (percentage between 0 and 100),
  created_at timestamptz not null default now()
);
create index forecast_run_events_run on forecast_run_events(run_id, id);

create table custom_degradation_curves (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  file_name text not null,
  -- [{ cycles, capacity }] with capacity the retained share of the original capacity (0–1)
  points jsonb not null,
  created_at timestamptz not null default now()
);

create table solar_profiles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  file_name text not null,
  -- 8 760 hourly values of generation per MWp (capacity factor, 0–1) for a non-leap year
  capacity_factors jsonb not null,
  annual_yield_mwh_per_mwp numeric not null,
  created_at timestamptz not null default now()
);

create table run_zip_archives (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete cascade,
  anonymous_id uuid,
  run_ids uuid[] not null,
  status text not null default 'preparing' check (status in ('preparing', 'completed', 'failed')),
  full_name text,
  company_name text,
  file bytea,
  file_name text,
  error text,
  job_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (num_nonnulls(user_id, anonymous_id) = 1)
);
create index run_zip_archives_owner on run_zip_archives(coalesce(user_id, anonymous_id), created_at desc);

create table asset_library (
  uid uuid primary key default gen_random_uuid(),
  asset_id text not null unique,
  name text not null,
  asset_name text not null,
  technology text not null default 'BESS',
  market_region text not null check (market_region in ('GB', 'ERCOT', 'NEM', 'DE', 'ES')),
  region text not null,
  image text,
  rated_power numeric not null,
  energy_capacity numeric not null,
  operational_since date,
  zip_code text,
  city text,
  address text,
  latitude double precision,
  longitude double precision,
  gsp text,
  cycles numeric,
  import_capacity numeric,
  export_capacity numeric,
  forecast_asset_config text not null default 'stand_alone_bess',
  -- the example forecast the engine computed for it at seeding (yearly revenue per MW)
  example_revenue jsonb
);
create index asset_library_name on asset_library(lower(name));

create table portfolio_assets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  asset_id text,
  asset_name text not null,
  rated_power numeric not null,
  energy_capacity numeric not null,
  gsp text,
  technology text not null default 'BESS',
  market_region text not null check (market_region in ('GB', 'ERCOT', 'NEM', 'DE', 'ES')),
  city text,
  address text,
  zip_code text,
  latitude double precision,
  longitude double precision,
  import_capacity numeric,
  export_capacity numeric,
  operational_since date,
  user_full_name text,
  company_name text,
  created_at timestamptz not null default now()
);
create index portfolio_assets_user on portfolio_assets(user_id, created_at desc);

create table portfolio_asset_runs (
  portfolio_asset_id uuid not null references portfolio_assets(id) on delete cascade,
  forecast_run_id uuid not null references forecast_runs(id) on delete cascade,
  linked_at timestamptz not null default now(),
  primary key (portfolio_asset_id, forecast_run_id)
);
