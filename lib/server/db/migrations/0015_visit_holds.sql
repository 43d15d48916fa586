-- Holds of visits (beyond-the-spec section 2): every held service in visit order, and whether "Cualquier estilista" was asked.
ALTER TABLE "holds" ADD COLUMN "service_ids" integer[];--> statement-breakpoint
ALTER TABLE "holds" ADD COLUMN "any_stylist" boolean DEFAULT false NOT NULL;