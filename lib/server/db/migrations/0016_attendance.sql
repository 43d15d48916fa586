-- Attendance and reliability (beyond-the-spec section 3): staff's "Vino" / "No vino" on an appointment, a client's late cancellation, and "Bloquear reservas online".
ALTER TABLE "appointments" ADD COLUMN "attendance" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "attendance_marked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "attendance_marked_by" uuid;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "late_cancellation" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "booking_blocked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_attendance_by_fk" FOREIGN KEY ("tenant_id","attendance_marked_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;