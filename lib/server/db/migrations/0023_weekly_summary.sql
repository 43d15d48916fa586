-- The owner's summary (beyond-the-spec section 6): the tenant setting of the Monday e-mail to the admins, "Resumen de la semana" (on by default).
ALTER TABLE "tenants" ADD COLUMN "weekly_summary_email" boolean DEFAULT true NOT NULL;
