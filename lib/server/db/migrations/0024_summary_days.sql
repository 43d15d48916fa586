-- The owner's summary by day (beyond-the-spec section 6): a closed day's grouped appointments are stored once and read by later summaries; changes to appointments empty the days they can alter.
CREATE TABLE "summary_days" (
	"tenant_id" integer NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"rows" json,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "summary_days_pk" PRIMARY KEY("tenant_id","starts_at"),
	CONSTRAINT "summary_days_order" CHECK ("summary_days"."starts_at" < "summary_days"."ends_at")
);
--> statement-breakpoint
ALTER TABLE "summary_days" ADD CONSTRAINT "summary_days_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Every change to appointments that can alter a stored day empties it and bumps its version (statement-level
-- triggers over the transition tables, so a bulk insert pays one statement). A change of an appointment
-- touches, for its old and its new values: its own day, and the stored days holding an appointment of its
-- client from the earlier of its start and its creation on (the first attended visit ever of the client
-- moves with changes at or before a day; whether a visit was followed by a next one booked by the end of
-- its day moves with the appointments created before that end). Updates touch only rows whose summary
-- columns changed.
CREATE FUNCTION "summary_days_touch"(tenant_ids integer[], client_ids uuid[], starts timestamptz[], sinces timestamptz[]) RETURNS void LANGUAGE sql AS $$
  UPDATE "summary_days" s SET "rows" = NULL, "version" = s."version" + 1
  FROM (
    SELECT DISTINCT d."tenant_id", d."starts_at"
    FROM unnest(tenant_ids, client_ids, starts, sinces) AS c(tenant_id, client_id, start_at, since)
    JOIN "summary_days" d ON d."tenant_id" = c.tenant_id AND d."ends_at" > c.since
    WHERE (c.start_at >= d."starts_at" AND c.start_at < d."ends_at")
      OR EXISTS (
        SELECT 1 FROM "appointments" b
        WHERE b."tenant_id" = c.tenant_id AND b."client_id" = c.client_id AND b."start_at" >= d."starts_at" AND b."start_at" < d."ends_at"
      )
  ) x
  WHERE s."tenant_id" = x."tenant_id" AND s."starts_at" = x."starts_at"
$$;
--> statement-breakpoint
CREATE FUNCTION "summary_days_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "summary_days") THEN
    PERFORM "summary_days_touch"(array_agg(n."tenant_id"), array_agg(n."client_id"), array_agg(n."start_at"), array_agg(least(n."start_at", n."created_at")))
    FROM "new_rows" n;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "summary_days_on_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "summary_days") THEN
    PERFORM "summary_days_touch"(array_agg(v.tenant_id), array_agg(v.client_id), array_agg(v.start_at), array_agg(v.since))
    FROM "old_rows" o
    JOIN "new_rows" n ON n."tenant_id" = o."tenant_id" AND n."id" = o."id"
    CROSS JOIN LATERAL (VALUES
      (o."tenant_id", o."client_id", o."start_at", least(o."start_at", o."created_at")),
      (n."tenant_id", n."client_id", n."start_at", least(n."start_at", n."created_at"))
    ) AS v(tenant_id, client_id, start_at, since)
    WHERE (o."status", o."attendance", o."late_cancellation", o."start_at", o."end_at", o."service_price_cents", o."employee_id", o."client_id", o."visit_id")
      IS DISTINCT FROM (n."status", n."attendance", n."late_cancellation", n."start_at", n."end_at", n."service_price_cents", n."employee_id", n."client_id", n."visit_id");
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "summary_days_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM "summary_days") THEN
    PERFORM "summary_days_touch"(array_agg(o."tenant_id"), array_agg(o."client_id"), array_agg(o."start_at"), array_agg(least(o."start_at", o."created_at")))
    FROM "old_rows" o;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "summary_days_appointments_insert" AFTER INSERT ON "appointments"
  REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "summary_days_on_insert"();
--> statement-breakpoint
CREATE TRIGGER "summary_days_appointments_update" AFTER UPDATE ON "appointments"
  REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "summary_days_on_update"();
--> statement-breakpoint
CREATE TRIGGER "summary_days_appointments_delete" AFTER DELETE ON "appointments"
  REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "summary_days_on_delete"();
