-- Each change notice names its table (issue 29, decision 0518): a server holding rendered pages
-- drops only those whose render read that table, so a running forecast's progress or an import of
-- one market no longer drops every page. A session's or an API key's "last seen/used" moved (at
-- most once a minute, by any request: decision 0503) is no change to any page: that time is shown
-- a minute behind by design, and a held page is at most 10 s old; any other change of those rows,
-- their insertion or deletion still notifies.
create or replace function voltcast_page_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('voltcast_page_changes', tg_table_name);
  return null;
end;
$$;

drop trigger voltcast_page_changed on sessions;
create trigger voltcast_page_changed after insert or delete or truncate on sessions
  for each statement execute function voltcast_page_changed();
create trigger voltcast_page_changed_update after update on sessions
  for each row when ((to_jsonb(old) - 'last_seen_at') is distinct from (to_jsonb(new) - 'last_seen_at'))
  execute function voltcast_page_changed();

drop trigger voltcast_page_changed on api_keys;
create trigger voltcast_page_changed after insert or delete or truncate on api_keys
  for each statement execute function voltcast_page_changed();
create trigger voltcast_page_changed_update after update on api_keys
  for each row when ((to_jsonb(old) - 'last_used_at') is distinct from (to_jsonb(new) - 'last_used_at'))
  execute function voltcast_page_changed();
