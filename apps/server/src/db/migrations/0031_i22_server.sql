CREATE TABLE "company_ppv" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"api_key" text NOT NULL,
	"trial" boolean DEFAULT false NOT NULL,
	"views_purchased" integer DEFAULT 0 NOT NULL,
	"views_used" integer DEFAULT 0 NOT NULL,
	"allowed_domains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"key_created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_ppv_api_key_unique" UNIQUE("api_key")
);
--> statement-breakpoint
CREATE TABLE "ppv_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"event_type" smallint NOT NULL,
	"subject_id" text,
	"client_ip" text,
	"js_video_id" text,
	"location" text,
	"uid" text,
	"api_key" text,
	"message" text
);
--> statement-breakpoint
CREATE TABLE "ppv_snippets" (
	"company_id" uuid NOT NULL,
	"subject_id" text NOT NULL,
	"active" boolean DEFAULT false NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ppv_snippets_company_id_subject_id_pk" PRIMARY KEY("company_id","subject_id")
);
--> statement-breakpoint
CREATE TABLE "ppv_transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"views" integer NOT NULL,
	"amount" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_ref" text
);
--> statement-breakpoint
CREATE TABLE "ppv_views" (
	"company_id" uuid NOT NULL,
	"subject_id" text NOT NULL,
	"viewer" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "ppv_views_company_id_subject_id_viewer_day_pk" PRIMARY KEY("company_id","subject_id","viewer","day")
);
--> statement-breakpoint
ALTER TABLE "company_ppv" ADD CONSTRAINT "company_ppv_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ppv_log" ADD CONSTRAINT "ppv_log_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ppv_snippets" ADD CONSTRAINT "ppv_snippets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ppv_transactions" ADD CONSTRAINT "ppv_transactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ppv_views" ADD CONSTRAINT "ppv_views_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ppv_log_company_at_idx" ON "ppv_log" USING btree ("company_id","at");--> statement-breakpoint
CREATE INDEX "ppv_log_company_subject_idx" ON "ppv_log" USING btree ("company_id","subject_id","at");--> statement-breakpoint
CREATE INDEX "ppv_transactions_company_idx" ON "ppv_transactions" USING btree ("company_id","created_at");