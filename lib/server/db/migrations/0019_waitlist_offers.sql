-- The waitlist's offers (beyond-the-spec section 4): freed time (openings), offers of it to entries, and claim links.
CREATE TABLE "waitlist_offers" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"opening_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"employee_id" uuid,
	"status" text DEFAULT 'open' NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"appointment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_offers_pk" PRIMARY KEY("id","tenant_id"),
	CONSTRAINT "waitlist_offers_status" CHECK ("waitlist_offers"."status" in ('open', 'claimed', 'taken', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "waitlist_openings" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"employee_id" uuid NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"end_at" timestamp with time zone NOT NULL,
	"cause" text NOT NULL,
	"next_step_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_openings_pk" PRIMARY KEY("id","tenant_id"),
	CONSTRAINT "waitlist_openings_order" CHECK ("waitlist_openings"."start_at" < "waitlist_openings"."end_at"),
	CONSTRAINT "waitlist_openings_cause" CHECK ("waitlist_openings"."cause" in ('cancellation', 'move', 'leave', 'schedule', 'manual'))
);
--> statement-breakpoint
ALTER TABLE "action_tokens" ALTER COLUMN "appointment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "action_tokens" ADD COLUMN "offer_id" uuid;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_opening_fk" FOREIGN KEY ("opening_id","tenant_id") REFERENCES "public"."waitlist_openings"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_entry_fk" FOREIGN KEY ("entry_id","tenant_id") REFERENCES "public"."waitlist_entries"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_offers" ADD CONSTRAINT "waitlist_offers_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_openings" ADD CONSTRAINT "waitlist_openings_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "waitlist_offers_opening_entry" ON "waitlist_offers" USING btree ("tenant_id","opening_id","entry_id");--> statement-breakpoint
CREATE INDEX "waitlist_offers_entry" ON "waitlist_offers" USING btree ("tenant_id","entry_id");--> statement-breakpoint
CREATE INDEX "waitlist_openings_due" ON "waitlist_openings" USING btree ("next_step_at") WHERE "waitlist_openings"."next_step_at" is not null;--> statement-breakpoint
ALTER TABLE "action_tokens" ADD CONSTRAINT "action_tokens_offer_fk" FOREIGN KEY ("offer_id","tenant_id") REFERENCES "public"."waitlist_offers"("id","tenant_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "action_tokens" ADD CONSTRAINT "action_tokens_target" CHECK (("action_tokens"."purpose" = 'appointment') = ("action_tokens"."appointment_id" is not null) and ("action_tokens"."purpose" = 'claim') = ("action_tokens"."offer_id" is not null));