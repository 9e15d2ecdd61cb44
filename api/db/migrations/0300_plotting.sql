-- Data library and plotter: saved charts (spec §3, §5) and dataset download jobs (spec §4, §7).

-- A saved chart belongs to one user. Its title is unique per user, compared by its URL slug
-- (lowercased, words joined by hyphens), so that /plotter/saved/:slug names exactly one chart.
create table saved_plots (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  title text not null check (char_length(title) between 1 and 30),
  slug text not null,
  description text not null default '' check (char_length(description) <= 500),
  start_date date,
  end_date date,
  shortcut text check (shortcut in ('1D', '1W', '1M', '1Y')),
  period text check (period in ('year', 'month', 'week', 'day')),
  categories text[] not null default '{}',
  fields text[] not null default '{}',
  moving_average integer check (moving_average between 2 and 365),
  chart_type text not null default 'linear' check (chart_type in ('linear', 'stacked_bar')),
  unit text not null default 'Price' check (unit in ('Price', 'Volume', 'Percent')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (start_date is null or end_date is null or start_date <= end_date)
);
create unique index saved_plots_user_slug on saved_plots(user_id, slug);
create index saved_plots_user_created on saved_plots(user_id, created_at desc, id desc);

-- A request to prepare datasets as a zip of CSVs, owned by a user or an anonymous visitor.
create table dataset_downloads (
  id uuid primary key default gen_random_uuid(),
  user_id uuid references users(id) on delete cascade,
  anonymous_id uuid,
  dataset_ids text[] not null check (cardinality(dataset_ids) between 1 and 50),
  start_date date,
  end_date date,
  status text not null default 'preparing' check (status in ('preparing', 'ready', 'failed')),
  job_id text,
  zip_file text,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (num_nonnulls(user_id, anonymous_id) = 1),
  check (start_date is null or end_date is null or start_date <= end_date)
);
create index dataset_downloads_user on dataset_downloads(user_id, created_at desc) where user_id is not null;
create index dataset_downloads_anonymous on dataset_downloads(anonymous_id, created_at desc) where anonymous_id is not null;
