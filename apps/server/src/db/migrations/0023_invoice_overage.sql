ALTER TABLE "billing_invoices" ADD COLUMN "overage_seat_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD COLUMN "overage" integer DEFAULT 0 NOT NULL;