-- Live and historic datasets (and derived forecast datasets): one row per series, its points in
-- dataset_points. See api/datasets/README.md.
create table datasets (
  id integer generated always as identity primary key,
  -- Stable key of the series: re-imports and seeds find their dataset by it.
  slug text not null unique check (slug ~ '^[a-z0-9][a-z0-9-]*$'),
  title text not null,
  description text not null default '',
  -- Market region of spec §3: great-britain, ercot, aus-nem, europe.
  region text not null check (region in ('great-britain', 'ercot', 'aus-nem', 'europe')),
  -- Where within the region: GB, HB_NORTH, LZ_WEST, NSW1, DE-LU, ES, PT …
  geography text not null,
  granularity text not null check (granularity in ('5 min', '15 min', '30 min', 'hourly', 'daily')),
  -- The true source as users see it ('Elexon BMRS', 'AEMO', …) or 'synthetic'.
  source text not null,
  synthetic boolean not null default false,
  subscription_key text references subscriptions(key) on delete set null,
  unit text not null,
  category text not null check (category in ('LIVEANDHISTORIC', 'FORECAST', 'MACROSCENARIO')),
  -- What is measured: price, demand, generation, ancillary_price, …
  variable_type text not null,
  -- Plotter/library grouping, e.g. 'Day-ahead prices', 'Imbalance prices', 'Demand'.
  group_name text not null,
  readme_slug text,
  start_date timestamptz,
  end_date timestamptz,
  point_count bigint not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index datasets_region on datasets(region, category);

-- One value per interval; ts is the interval START in UTC.
create table dataset_points (
  dataset_id integer not null references datasets(id) on delete cascade,
  ts timestamptz not null,
  value double precision not null,
  primary key (dataset_id, ts)
);

-- Which file (or generator) filled which dataset, when, with how many points.
create table dataset_imports (
  id bigint generated always as identity primary key,
  dataset_id integer not null references datasets(id) on delete cascade,
  origin text not null,
  format text not null,
  points integer not null,
  imported_at timestamptz not null default now(),
  unique (dataset_id, origin)
);
