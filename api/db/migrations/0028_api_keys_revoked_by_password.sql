-- A password reset (and a change, unless the owner keeps them) revokes the account's API keys
-- (issue 28, item 2): why a key was revoked, so that the profile can list those a password revoked.
alter table api_keys add column revoked_because text
  check (revoked_because in ('password-reset', 'password-change'));
