-- Issue 11, growth: the agenda reads the busy parts of its appointments by stylist and time (the btree
-- "busy_slots_employee_range", tenant_id, employee_id, start_at) instead of looking up hundreds of appointment
-- ids spread over an index that grows with the salon's history. That read is exact only if every busy part of
-- an appointment belongs to the appointment's stylist and lies inside the appointment's [start_at, end_at).
-- The application always wrote them so (book-appointment, the seeds); from now on the database guarantees it:
-- - busy_slots: an AFTER … FOR EACH STATEMENT trigger per insert/update joins the statement's new rows (a
--   transition table) to their appointments by key, so a bulk insert pays one join, not one call per row;
-- - appointments: a change of stylist or times is checked at commit against the appointment's parts (a
--   deferred constraint trigger, fired only when one of those columns changes: today no code changes them).
--   Moving an appointment therefore works as: update the appointment, then its parts (or delete and insert them).
-- A violation raises check_violation (23514). Existing rows are checked first: the migration fails if any
-- busy part lies outside its appointment.
DO $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "busy_slots" p
    JOIN "appointments" a ON a."tenant_id" = p."tenant_id" AND a."id" = p."appointment_id"
    WHERE p."employee_id" <> a."employee_id" OR p."start_at" < a."start_at" OR p."end_at" > a."end_at"
  ) THEN
    RAISE EXCEPTION 'busy_slots_within_appointment: some busy part lies outside its appointment (stylist or time)'
      USING ERRCODE = '23514';
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "busy_parts_within_appointment"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "new_parts" p
    JOIN "appointments" a ON a."tenant_id" = p."tenant_id" AND a."id" = p."appointment_id"
    WHERE p."employee_id" <> a."employee_id" OR p."start_at" < a."start_at" OR p."end_at" > a."end_at"
  ) THEN
    RAISE EXCEPTION 'a busy part lies outside its appointment (stylist or time)'
      USING ERRCODE = '23514', TABLE = 'busy_slots', CONSTRAINT = 'busy_slots_within_appointment';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "busy_slots_within_appointment_insert" AFTER INSERT ON "busy_slots"
  REFERENCING NEW TABLE AS "new_parts" FOR EACH STATEMENT EXECUTE FUNCTION "busy_parts_within_appointment"();
--> statement-breakpoint
CREATE TRIGGER "busy_slots_within_appointment_update" AFTER UPDATE ON "busy_slots"
  REFERENCING NEW TABLE AS "new_parts" FOR EACH STATEMENT EXECUTE FUNCTION "busy_parts_within_appointment"();
--> statement-breakpoint
CREATE FUNCTION "appointment_holds_busy_parts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Deferred: read the appointment as it is at commit, not as this event saw it.
  IF EXISTS (
    SELECT 1 FROM "appointments" a
    JOIN "busy_slots" p ON p."tenant_id" = a."tenant_id" AND p."appointment_id" = a."id"
    WHERE a."tenant_id" = NEW."tenant_id" AND a."id" = NEW."id"
      AND (p."employee_id" <> a."employee_id" OR p."start_at" < a."start_at" OR p."end_at" > a."end_at")
  ) THEN
    RAISE EXCEPTION 'appointment % has a busy part outside its stylist or time', NEW."id"
      USING ERRCODE = '23514', TABLE = 'appointments', CONSTRAINT = 'busy_slots_within_appointment';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "appointments_hold_busy_parts" AFTER UPDATE OF "employee_id", "start_at", "end_at" ON "appointments"
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
  WHEN (OLD."employee_id" IS DISTINCT FROM NEW."employee_id" OR OLD."start_at" IS DISTINCT FROM NEW."start_at" OR OLD."end_at" IS DISTINCT FROM NEW."end_at")
  EXECUTE FUNCTION "appointment_holds_busy_parts"();
