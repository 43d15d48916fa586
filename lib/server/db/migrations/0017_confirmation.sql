-- Confirm or release (beyond-the-spec section 3): tenant settings, the confirmation state and schedule of each appointment, and hashed action-link tokens.
CREATE TABLE "action_tokens" (
	"id" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"appointment_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "action_tokens_pk" PRIMARY KEY("id","tenant_id")
);
--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation" text DEFAULT 'not_required' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_cutoff_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmation_step_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "cancelled_via" text;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "confirmation_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "confirmation_request_hours" integer DEFAULT 48 NOT NULL;--> statement-breakpoint
ALTER TABLE "tenants" ADD COLUMN "confirmation_cutoff_hours" integer DEFAULT 12 NOT NULL;--> statement-breakpoint
ALTER TABLE "action_tokens" ADD CONSTRAINT "action_tokens_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_tokens" ADD CONSTRAINT "action_tokens_appointment_fk" FOREIGN KEY ("appointment_id","tenant_id") REFERENCES "public"."appointments"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "action_tokens_tenant_expires" ON "action_tokens" USING btree ("tenant_id","expires_at");--> statement-breakpoint
CREATE INDEX "appointments_confirmation_due" ON "appointments" USING btree ("confirmation_step_at") WHERE "appointments"."confirmation_step_at" is not null and "appointments"."status" = 'pending' and "appointments"."confirmation" = 'pending';--> statement-breakpoint
CREATE INDEX "appointments_client_start" ON "appointments" USING btree ("tenant_id","client_id","start_at");--> statement-breakpoint
CREATE INDEX "appointments_client_marks" ON "appointments" USING btree ("tenant_id","client_id","start_at") WHERE "appointments"."attendance" = 'no_show' or "appointments"."late_cancellation";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_confirmation" CHECK ("appointments"."confirmation" in ('pending', 'confirmed', 'not_required'));--> statement-breakpoint
ALTER TABLE "tenants" ADD CONSTRAINT "tenants_confirmation_hours" CHECK ("tenants"."confirmation_cutoff_hours" between 2 and 24 and "tenants"."confirmation_request_hours" between 25 and 168);