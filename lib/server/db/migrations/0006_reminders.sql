ALTER TABLE "appointments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "automatic_reminders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_reminder_due" ON "appointments" USING btree ("start_at") WHERE "appointments"."status" = 'pending' and "appointments"."reminded_at" is null;