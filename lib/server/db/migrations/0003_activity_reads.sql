CREATE TABLE "activity_reads" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"last_seen_id" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "activities_tenant";--> statement-breakpoint
ALTER TABLE "activity_reads" ADD CONSTRAINT "activity_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reads" ADD CONSTRAINT "activity_reads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_tenant_id" ON "activities" USING btree ("tenant_id","id");--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "seen";