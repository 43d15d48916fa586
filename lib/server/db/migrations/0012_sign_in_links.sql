CREATE TABLE "sign_in_links" (
	"id" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"email" text NOT NULL,
	"next_path" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_links_pk" PRIMARY KEY("id","tenant_id")
);
--> statement-breakpoint
ALTER TABLE "sign_in_links" ADD CONSTRAINT "sign_in_links_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sign_in_links_tenant_expires" ON "sign_in_links" USING btree ("tenant_id","expires_at");