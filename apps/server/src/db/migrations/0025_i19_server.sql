CREATE TABLE "credit_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid,
	"company_id" uuid,
	"plan_code" text NOT NULL,
	"seats" integer NOT NULL,
	"months" integer NOT NULL,
	"assigned_company_id" uuid,
	"assigned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_dues" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"partner_account_id" uuid NOT NULL,
	"description" text NOT NULL,
	"amount" integer NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"provider_payment_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "companies_partner_idx";--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD COLUMN "plan_code" text DEFAULT 'premium' NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD COLUMN "billing_provider" text;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD COLUMN "billing_customer_id" text;--> statement-breakpoint
ALTER TABLE "partner_accounts" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "company_subscriptions" ADD COLUMN "plan_code" text;--> statement-breakpoint
ALTER TABLE "credit_packages" ADD CONSTRAINT "credit_packages_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_packages" ADD CONSTRAINT "credit_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_packages" ADD CONSTRAINT "credit_packages_assigned_company_id_companies_id_fk" FOREIGN KEY ("assigned_company_id") REFERENCES "public"."companies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_dues" ADD CONSTRAINT "partner_dues_partner_account_id_partner_accounts_id_fk" FOREIGN KEY ("partner_account_id") REFERENCES "public"."partner_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_packages_partner_idx" ON "credit_packages" USING btree ("partner_account_id");--> statement-breakpoint
CREATE INDEX "credit_packages_company_idx" ON "credit_packages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "partner_dues_partner_idx" ON "partner_dues" USING btree ("partner_account_id","created_at");--> statement-breakpoint
CREATE INDEX "companies_partner_idx" ON "companies" USING btree ("partner_account_id","name","id");--> statement-breakpoint
-- Deleting a company (the partner area) cascades to its trainings, lists and members, whose triggers
-- note the company's figures as changed: a company being deleted is no longer noted.
CREATE OR REPLACE FUNCTION note_company_figures_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO company_figures_changes (company_id)
  SELECT DISTINCT company_id FROM changed
  WHERE EXISTS (SELECT 1 FROM companies WHERE companies.id = changed.company_id)
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
