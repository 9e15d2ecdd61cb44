-- API keys get scopes (read: GET/HEAD; run: anything that creates or changes) and an optional expiry
-- (decision 0009). Keys made before keep both scopes and never expire, as before.
alter table api_keys add column scopes text[] not null default '{read,run}'
  check (scopes <@ array['read', 'run']::text[] and cardinality(scopes) > 0);
alter table api_keys add column expires_at timestamptz;
