-- Per-key call counts without the write-ahead log (issue 29, decision 0503): every call of a key
-- updates its one row, so a script's concurrent calls queue on that row; a commit that wrote only
-- an unlogged table does not wait for the disk. After a crash the table is empty: every key starts
-- a fresh window, which a rate limit can afford.
alter table api_key_calls set unlogged;
