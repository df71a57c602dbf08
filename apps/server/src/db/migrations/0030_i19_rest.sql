ALTER TABLE "partner_dues" ADD COLUMN "period" text;--> statement-breakpoint
ALTER TABLE "partner_dues" ADD COLUMN "claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partner_dues" ADD COLUMN "billed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "partner_dues_period_idx" ON "partner_dues" USING btree ("partner_account_id","period");