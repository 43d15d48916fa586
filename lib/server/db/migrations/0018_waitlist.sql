-- The waitlist, "Lista de espera" (beyond-the-spec section 4): the entries of people waiting for a freed hour.
CREATE TABLE "waitlist_entries" (
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"tenant_id" integer NOT NULL,
	"client_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"user_name" text NOT NULL,
	"service_ids" integer[] NOT NULL,
	"employee_id" uuid,
	"from_date" date NOT NULL,
	"to_date" date NOT NULL,
	"part_of_day" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_entries_pk" PRIMARY KEY("id","tenant_id"),
	CONSTRAINT "waitlist_entries_range" CHECK ("waitlist_entries"."from_date" <= "waitlist_entries"."to_date"),
	CONSTRAINT "waitlist_entries_services" CHECK (cardinality("waitlist_entries"."service_ids") between 1 and 4),
	CONSTRAINT "waitlist_entries_part_of_day" CHECK ("waitlist_entries"."part_of_day" in ('morning', 'afternoon', 'any')),
	CONSTRAINT "waitlist_entries_status" CHECK ("waitlist_entries"."status" in ('waiting', 'offered', 'booked', 'expired', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_client_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waitlist_entries" ADD CONSTRAINT "waitlist_entries_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waitlist_entries_client" ON "waitlist_entries" USING btree ("tenant_id","client_id");--> statement-breakpoint
CREATE INDEX "waitlist_entries_active" ON "waitlist_entries" USING btree ("tenant_id","from_date") WHERE "waitlist_entries"."status" in ('waiting', 'offered');