-- The company's billing manager (POST set_billing_manager): a flag on one membership per company, so
-- removing the manager removes the flag with them.
ALTER TABLE "memberships" ADD COLUMN "billing_manager" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_billing_manager_idx" ON "memberships" USING btree ("company_id") WHERE "memberships"."billing_manager";
