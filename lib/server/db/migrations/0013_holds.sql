CREATE TABLE "holds" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"employee_id" uuid NOT NULL,
	"service_id" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"holder_hash" text NOT NULL,
	"user_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holds_pk" PRIMARY KEY("id","tenant_id")
);
--> statement-breakpoint
ALTER TABLE "busy_slots" DROP CONSTRAINT "busy_slots_owner";--> statement-breakpoint
ALTER TABLE "busy_slots" ADD COLUMN "hold_id" uuid;--> statement-breakpoint
ALTER TABLE "busy_slots" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD COLUMN "hold_id" uuid;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holds" ADD CONSTRAINT "holds_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "holds_holder" ON "holds" USING btree ("tenant_id","holder_hash");--> statement-breakpoint
CREATE INDEX "holds_tenant_expires" ON "holds" USING btree ("tenant_id","expires_at");--> statement-breakpoint
ALTER TABLE "busy_slots" ADD CONSTRAINT "busy_slots_hold_fk" FOREIGN KEY ("tenant_id","hold_id") REFERENCES "public"."holds"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "busy_slots_hold" ON "busy_slots" USING btree ("tenant_id","hold_id");--> statement-breakpoint
ALTER TABLE "busy_slots" ADD CONSTRAINT "busy_slots_hold_expiry" CHECK (("busy_slots"."hold_id" is null) = ("busy_slots"."expires_at" is null));--> statement-breakpoint
ALTER TABLE "busy_slots" ADD CONSTRAINT "busy_slots_owner" CHECK (num_nonnulls("busy_slots"."appointment_id", "busy_slots"."leave_id", "busy_slots"."hold_id") = 1);