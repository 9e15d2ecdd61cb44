-- Who downloaded which databooks / power prices (the download body names the person, spec §7).
create table world_view_downloads (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('databook', 'power-prices')),
  scenario_ids text[] not null,
  user_id uuid references users(id) on delete set null,
  anonymous_id uuid,
  email text,
  full_name text,
  company_name text,
  downloaded_at timestamptz not null default now()
);
create index world_view_downloads_user on world_view_downloads(user_id, downloaded_at);
