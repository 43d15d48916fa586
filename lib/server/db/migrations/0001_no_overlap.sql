-- The database refuses overlapping busy time of one stylist (appointments' busy parts and leaves).
-- Ranges are half-open [start, end): two ranges that touch do not overlap.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "busy_slots" ADD CONSTRAINT "busy_slots_no_overlap"
  EXCLUDE USING gist ("tenant_id" WITH =, "employee_id" WITH =, tstzrange("start_at", "end_at", '[)') WITH &&)
  WHERE ("active");
