CREATE TABLE "chat_connections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product" text NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"credentials" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chat_connections_company_product_uq" UNIQUE("company_id","product")
);
--> statement-breakpoint
ALTER TABLE "chat_connections" ADD CONSTRAINT "chat_connections_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;