-- Klok on a distributed PostgreSQL (Citus), distributed by tenant_id. See deploy/README.md.
--
-- Run on the COORDINATOR, once, after:
--   1. CREATE EXTENSION citus; on every node, workers added with citus_add_node(...);
--   2. CREATE EXTENSION btree_gist; on the coordinator (Citus propagates it to the workers; or run it on every
--      node) -- the exclusion constraint busy_slots_no_overlap and the *_window GiST indexes need it;
--   3. the app's migrations applied to the coordinator (`DATABASE_URL=<coordinator> npm run db:migrate`):
--      the tables exist as plain local tables, then this file turns them into reference/distributed tables
--      and copies their rows to the shards.
-- Not run here (no Citus package on these machines): the schema test (test/schema/distribution.test.ts)
-- proves the precondition Citus checks (every PK/unique/exclusion/FK of a tenant table includes tenant_id).
--
-- Order matters: a table is distributed after every table its foreign keys reference.
--
-- Triggers (migration 0010, "a busy part lies inside its appointment"): busy_slots has statement-level AFTER
-- triggers with a transition table and appointments a deferred constraint trigger. Citus distributes tables
-- with triggers only with `SET citus.enable_unsafe_triggers = on`; the triggers then run on each shard, where
-- a tenant's appointments and busy parts are colocated (their join is on (tenant_id, id)). Not verified on
-- Citus here: check that the distribution accepts them, or replace them by the same check in the app's
-- writes (book-appointment) before distributing.

BEGIN;

-- The tenant list: small, read on every request, referenced by every table's tenant_id foreign key.
SELECT create_reference_table('tenants');

-- The colocation group: every tenant table is colocated with users, so joins and foreign keys on
-- (tenant_id, ...) stay on one node and a request of one salon touches one shard.
SELECT create_distributed_table('users', 'tenant_id', shard_count => 32);
SELECT create_distributed_table('facilities', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('services', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('employee_profiles', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('week_shifts', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('special_shifts', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('employee_services', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('appointments', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('leaves', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('holds', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('busy_slots', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('activities', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('activity_reads', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('sessions', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('phone_verifications', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('outbox', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('idempotency_keys', 'tenant_id', colocate_with => 'users');
SELECT create_distributed_table('sign_in_links', 'tenant_id', colocate_with => 'users');

-- Rate-limit counters are keyed by a hash of IP/phone/user, not by tenant, and are written on every
-- limited request: a reference table would replicate each write to every node. Distributed by their own
-- key in a separate colocation group. Recommended instead: REDIS_URL set, and this table stays empty.
SELECT create_distributed_table('rate_limits', 'key', colocate_with => 'none');

COMMIT;

-- Check: every table placed, none left local (drizzle's own "drizzle"."__drizzle_migrations" stays local on
-- the coordinator on purpose: migrations always run there).
-- SELECT table_name, citus_table_type, distribution_column, colocation_id FROM citus_tables ORDER BY 1;
