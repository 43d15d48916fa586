-- Visits (beyond-the-spec section 2): the services booked together share a visit id; null for one booked alone.
ALTER TABLE "appointments" ADD COLUMN "visit_id" uuid;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "position" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_visit" ON "appointments" USING btree ("tenant_id","visit_id");
