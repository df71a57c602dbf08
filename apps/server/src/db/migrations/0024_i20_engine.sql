CREATE TABLE "directory_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product" text NOT NULL,
	"settings" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"test_mode" boolean DEFAULT false NOT NULL,
	"rules" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "directory_connections_company_product_uq" UNIQUE("company_id","product")
);
--> statement-breakpoint
CREATE TABLE "directory_syncs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product" text NOT NULL,
	"trigger" text DEFAULT 'manual' NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"phase" text DEFAULT 'fetch' NOT NULL,
	"cursor" integer DEFAULT 0 NOT NULL,
	"progress" smallint DEFAULT 0 NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"error_details" text,
	"log" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"started_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "employee_lists" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "external_id" text;--> statement-breakpoint
ALTER TABLE "directory_connections" ADD CONSTRAINT "directory_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "directory_syncs" ADD CONSTRAINT "directory_syncs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "directory_syncs_company_idx" ON "directory_syncs" USING btree ("company_id","product","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "directory_syncs_running_uq" ON "directory_syncs" USING btree ("company_id","product") WHERE status = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "employee_lists_external_uq" ON "employee_lists" USING btree ("company_id","source","external_id") WHERE external_id is not null;--> statement-breakpoint
UPDATE "employee_lists" SET "source" = 'csv' WHERE "source" = 'import';--> statement-breakpoint
UPDATE "employees" SET "source" = 'csv' WHERE "source" = 'import';
