-- Accounts, API keys, log-in attempts, subscriptions and feature flags.
create table companies (
  id uuid primary key default gen_random_uuid(),
  name text not null unique,
  created_at timestamptz not null default now()
);

create table users (
  id uuid primary key default gen_random_uuid(),
  email text not null unique check (email = lower(email)),
  full_name text not null,
  company_id uuid references companies(id) on delete set null,
  password_hash text not null,
  created_at timestamptz not null default now()
);

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null,
  prefix text not null,
  key_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user on api_keys(user_id);

create table login_attempts (
  id bigserial primary key,
  email text not null,
  ip text not null,
  succeeded boolean not null,
  at timestamptz not null default now()
);
create index login_attempts_email_at on login_attempts(email, at);
create index login_attempts_ip_at on login_attempts(ip, at);

create table subscriptions (
  key text primary key,
  name text not null,
  description text not null,
  plan text not null
);

create table subscription_grants (
  id uuid primary key default gen_random_uuid(),
  subscription_key text not null references subscriptions(key) on delete cascade,
  user_id uuid references users(id) on delete cascade,
  company_id uuid references companies(id) on delete cascade,
  granted_at timestamptz not null default now(),
  check (num_nonnulls(user_id, company_id) = 1)
);
create unique index subscription_grants_user on subscription_grants(subscription_key, user_id) where user_id is not null;
create unique index subscription_grants_company on subscription_grants(subscription_key, company_id) where company_id is not null;

create table upgrade_requests (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  subscription_key text not null references subscriptions(key) on delete cascade,
  status text not null default 'pending' check (status in ('pending', 'approved', 'declined')),
  created_at timestamptz not null default now()
);
create unique index upgrade_requests_pending on upgrade_requests(user_id, subscription_key) where status = 'pending';

create table feature_flags (
  key text primary key,
  description text not null,
  enabled boolean not null
);

create table feature_flag_overrides (
  flag_key text not null references feature_flags(key) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  enabled boolean not null,
  primary key (flag_key, user_id)
);
