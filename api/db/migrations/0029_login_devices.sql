-- Log-in attempts remember the recognised device they came with (issue 28, item 3): a browser that
-- logged in to the account before is throttled on its own failures, not on the address's or the
-- account's, so that a stranger's guesses cannot lock the owner out.
alter table login_attempts add column device text;
create index login_attempts_device on login_attempts (email, device, at) where device is not null;
