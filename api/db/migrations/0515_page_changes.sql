-- Every write that could change a page tells the web servers (issue 29, decision 0515): a
-- statement-level trigger on each table sends NOTIFY voltcast_page_changes, which PostgreSQL
-- delivers to the listening servers only once the transaction has committed, whichever process
-- wrote (the server, its job workers, the admin CLI, psql). A server holding rendered pages drops
-- them all when it hears one. Left out: the API keys' rate-limit counter (written by every call of a
-- key, shown on no page) and the migrations' own bookkeeping. A table added later needs the trigger
-- too: tests/integration/heldPages.test.ts fails on a table without it.
create or replace function voltcast_page_changed() returns trigger language plpgsql as $$
begin
  perform pg_notify('voltcast_page_changes', '');
  return null;
end;
$$;

do $$
declare t text;
begin
  for t in
    select c.relname from pg_class c
     where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and c.relname not in ('api_key_calls', 'schema_migrations')
  loop
    execute format(
      'create trigger voltcast_page_changed after insert or update or delete or truncate on %I
         for each statement execute function voltcast_page_changed()', t);
  end loop;
end;
$$;
