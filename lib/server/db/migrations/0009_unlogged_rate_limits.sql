-- Rate-limit counters live for minutes and are rebuilt by traffic: an unlogged table writes no WAL, so the
-- general per-IP budget's upsert on every API request costs no WAL flush (issue 11). After a crash
-- PostgreSQL empties the table, which only restarts the windows; standbys do not receive it.
ALTER TABLE "rate_limits" SET UNLOGGED;
