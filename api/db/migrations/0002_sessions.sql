-- Server-side sessions (decision 0006): the session cookie holds only a random token whose hash is
-- kept here, so that log-out, a password change or "log out everywhere" end a session for good.
create table sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  last_seen_at timestamptz not null default now(),
  -- the absolute lifetime: no session outlives this, however active
  expires_at timestamptz not null,
  ended_at timestamptz,
  user_agent text not null default '',
  ip text not null default ''
);
create index sessions_user on sessions(user_id) where ended_at is null;

-- One-time links sent to an e-mail address (written to the server log when there is no mail server):
-- confirming the address at sign-up, and setting a new password. Only the hash is kept.
create table account_links (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  purpose text not null check (purpose in ('verify-email', 'reset-password')),
  token_hash text not null unique,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index account_links_user on account_links(user_id, purpose);

alter table users add column email_verified_at timestamptz;
-- Accounts made before verification existed keep working.
update users set email_verified_at = created_at;

-- Sign-ups are throttled per client address.
create table signup_attempts (
  id bigserial primary key,
  ip text not null,
  at timestamptz not null default now()
);
create index signup_attempts_ip_at on signup_attempts(ip, at);
