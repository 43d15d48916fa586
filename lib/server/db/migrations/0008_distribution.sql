-- Issue 11: a distribution-ready schema (Citus, distributed by tenant_id; deploy/citus.sql) and time-window
-- indexes. Every primary key and foreign key of a tenant table now includes tenant_id: primary keys become
-- (id, tenant_id) (id first, so lookups by id alone stay index scans on PostgreSQL 15), foreign keys become
-- (tenant_id, x_id) -> t(tenant_id, id), keeping their ON DELETE behaviour. ON DELETE SET NULL of a composite key
-- names the one column to clear ("service_id"), never tenant_id. GiST indexes over (tenant_id, tstzrange(start_at,
-- end_at)) let the agenda's window queries bound both ends (lib/server/repositories/time-window.ts).
-- Also adds users.given_name (the client greeting). Existing rows satisfy the new keys: no row points to
-- another tenant's row.
ALTER TABLE "activity_reads" DROP CONSTRAINT "activity_reads_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_employee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_client_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_cancelled_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "busy_slots" DROP CONSTRAINT "busy_slots_employee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "busy_slots" DROP CONSTRAINT "busy_slots_appointment_id_appointments_id_fk";
--> statement-breakpoint
ALTER TABLE "busy_slots" DROP CONSTRAINT "busy_slots_leave_id_leaves_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_profiles" DROP CONSTRAINT "employee_profiles_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_services" DROP CONSTRAINT "employee_services_employee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "employee_services" DROP CONSTRAINT "employee_services_service_id_services_id_fk";
--> statement-breakpoint
ALTER TABLE "leaves" DROP CONSTRAINT "leaves_employee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "leaves" DROP CONSTRAINT "leaves_created_by_users_id_fk";
--> statement-breakpoint
ALTER TABLE "phone_verifications" DROP CONSTRAINT "phone_verifications_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "special_shifts" DROP CONSTRAINT "special_shifts_employee_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "week_shifts" DROP CONSTRAINT "week_shifts_employee_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "busy_slots_appointment";--> statement-breakpoint
ALTER TABLE "employee_services" DROP CONSTRAINT "employee_services_employee_id_service_id_pk";--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_pkey";--> statement-breakpoint
ALTER TABLE "activity_reads" DROP CONSTRAINT "activity_reads_pkey";--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_pkey";--> statement-breakpoint
ALTER TABLE "busy_slots" DROP CONSTRAINT "busy_slots_pkey";--> statement-breakpoint
ALTER TABLE "employee_profiles" DROP CONSTRAINT "employee_profiles_pkey";--> statement-breakpoint
ALTER TABLE "leaves" DROP CONSTRAINT "leaves_pkey";--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_pkey";--> statement-breakpoint
ALTER TABLE "phone_verifications" DROP CONSTRAINT "phone_verifications_pkey";--> statement-breakpoint
ALTER TABLE "services" DROP CONSTRAINT "services_pkey";--> statement-breakpoint
ALTER TABLE "sessions" DROP CONSTRAINT "sessions_pkey";--> statement-breakpoint
ALTER TABLE "special_shifts" DROP CONSTRAINT "special_shifts_pkey";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_pkey";--> statement-breakpoint
ALTER TABLE "week_shifts" DROP CONSTRAINT "week_shifts_pkey";--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "activity_reads" ADD CONSTRAINT "activity_reads_pk" PRIMARY KEY("user_id","tenant_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "busy_slots" ADD CONSTRAINT "busy_slots_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD CONSTRAINT "employee_profiles_pk" PRIMARY KEY("user_id","tenant_id");--> statement-breakpoint
ALTER TABLE "employee_services" ADD CONSTRAINT "employee_services_pk" PRIMARY KEY("tenant_id","employee_id","service_id");--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "special_shifts" ADD CONSTRAINT "special_shifts_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "week_shifts" ADD CONSTRAINT "week_shifts_pk" PRIMARY KEY("id","tenant_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "given_name" text;--> statement-breakpoint
ALTER TABLE "activity_reads" ADD CONSTRAINT "activity_reads_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_client_fk" FOREIGN KEY ("tenant_id","client_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_cancelled_by_fk" FOREIGN KEY ("tenant_id","cancelled_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_service_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE SET NULL ("service_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_slots" ADD CONSTRAINT "busy_slots_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_slots" ADD CONSTRAINT "busy_slots_appointment_fk" FOREIGN KEY ("tenant_id","appointment_id") REFERENCES "public"."appointments"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "busy_slots" ADD CONSTRAINT "busy_slots_leave_fk" FOREIGN KEY ("tenant_id","leave_id") REFERENCES "public"."leaves"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_profiles" ADD CONSTRAINT "employee_profiles_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_services" ADD CONSTRAINT "employee_services_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_services" ADD CONSTRAINT "employee_services_service_fk" FOREIGN KEY ("tenant_id","service_id") REFERENCES "public"."services"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leaves" ADD CONSTRAINT "leaves_created_by_fk" FOREIGN KEY ("tenant_id","created_by") REFERENCES "public"."users"("tenant_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_verifications" ADD CONSTRAINT "phone_verifications_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_fk" FOREIGN KEY ("tenant_id","user_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_shifts" ADD CONSTRAINT "special_shifts_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "week_shifts" ADD CONSTRAINT "week_shifts_employee_fk" FOREIGN KEY ("tenant_id","employee_id") REFERENCES "public"."users"("tenant_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_window" ON "appointments" USING gist ("tenant_id",tstzrange("start_at", "end_at", '[)'));--> statement-breakpoint
CREATE INDEX "busy_slots_leave" ON "busy_slots" USING btree ("tenant_id","leave_id");--> statement-breakpoint
CREATE INDEX "leaves_window" ON "leaves" USING gist ("tenant_id",tstzrange("start_at", "end_at", '[)'));--> statement-breakpoint
CREATE INDEX "busy_slots_appointment" ON "busy_slots" USING btree ("tenant_id","appointment_id");