CREATE TABLE "phishing_interactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" bigint NOT NULL,
	"company_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanner_reason" text,
	"scanner_product" text,
	"click_signal" text,
	"report_channel" text,
	"method" text,
	"user_agent" text,
	"network" text,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phishing_report_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"address_token" text NOT NULL,
	"addin_key" text NOT NULL,
	"security_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phishing_report_settings_address_token_unique" UNIQUE("address_token"),
	CONSTRAINT "phishing_report_settings_addin_key_unique" UNIQUE("addin_key")
);
--> statement-breakpoint
CREATE TABLE "phishing_reported_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"reported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"channel" text NOT NULL,
	"employee_id" uuid,
	"reporter_email" text NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message_id" text,
	"headers" text DEFAULT '' NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"raw" text,
	"size" integer DEFAULT 0 NOT NULL,
	"forwarded_at" timestamp with time zone,
	"forward_error" text
);
--> statement-breakpoint
CREATE TABLE "phishing_campaign_lists" (
	"campaign_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "phishing_campaign_lists_campaign_id_list_id_pk" PRIMARY KEY("campaign_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "phishing_campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_scorm" boolean DEFAULT false NOT NULL,
	"unique_id" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 12) NOT NULL,
	"template_customized" boolean DEFAULT false NOT NULL,
	"channel" smallint DEFAULT 1 NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminders_channel" smallint DEFAULT 1 NOT NULL,
	"intro_message" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"template_mode" text DEFAULT 'selected' NOT NULL,
	"template_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"window_start" timestamp with time zone,
	"window_days" smallint DEFAULT 1 NOT NULL,
	"hours_from" smallint,
	"hours_to" smallint,
	"weekdays_only" boolean DEFAULT true NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"window_end" timestamp with time zone,
	"landing_page_id" text,
	"sender_profile_id" uuid,
	"on_click" text DEFAULT 'teachable-moment' NOT NULL,
	"enrol_program_id" uuid,
	"recurrence" text DEFAULT 'none' NOT NULL,
	"recurrence_of" uuid,
	"tracking_days" smallint DEFAULT 14 NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "phishing_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"channel" smallint NOT NULL,
	"round" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"due_at" timestamp with time zone DEFAULT now() NOT NULL,
	"error" text,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"campaign_id" uuid NOT NULL,
	"template_id" text NOT NULL,
	"mail_language" text NOT NULL,
	"list_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"department" text DEFAULT '' NOT NULL,
	CONSTRAINT "phishing_deliveries_once_uq" UNIQUE("event_id","employee_id","channel","round")
);
--> statement-breakpoint
CREATE TABLE "phishing_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"position" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"campaign_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phishing_sender_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"domain" text NOT NULL,
	"display_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phishing_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"lure_kind" text NOT NULL,
	"difficulty" smallint NOT NULL,
	"sender_name" text NOT NULL,
	"sender_local_part" text NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"landing_page_id" text NOT NULL,
	"red_flags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phishing_interactions" ADD CONSTRAINT "phishing_interactions_delivery_id_phishing_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."phishing_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_interactions" ADD CONSTRAINT "phishing_interactions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_report_settings" ADD CONSTRAINT "phishing_report_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_reported_mails" ADD CONSTRAINT "phishing_reported_mails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_campaign_lists" ADD CONSTRAINT "phishing_campaign_lists_campaign_id_phishing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."phishing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_campaign_lists" ADD CONSTRAINT "phishing_campaign_lists_list_id_employee_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."employee_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_campaigns" ADD CONSTRAINT "phishing_campaigns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_campaigns" ADD CONSTRAINT "phishing_campaigns_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_campaigns" ADD CONSTRAINT "phishing_campaigns_sender_profile_id_phishing_sender_profiles_id_fk" FOREIGN KEY ("sender_profile_id") REFERENCES "public"."phishing_sender_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_campaigns" ADD CONSTRAINT "phishing_campaigns_enrol_program_id_trainings_id_fk" FOREIGN KEY ("enrol_program_id") REFERENCES "public"."trainings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_deliveries" ADD CONSTRAINT "phishing_deliveries_event_id_phishing_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."phishing_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_deliveries" ADD CONSTRAINT "phishing_deliveries_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_events" ADD CONSTRAINT "phishing_events_campaign_id_phishing_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."phishing_campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_sender_profiles" ADD CONSTRAINT "phishing_sender_profiles_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_templates" ADD CONSTRAINT "phishing_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phishing_templates" ADD CONSTRAINT "phishing_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phishing_interactions_delivery_idx" ON "phishing_interactions" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "phishing_interactions_campaign_idx" ON "phishing_interactions" USING btree ("campaign_id","kind","at");--> statement-breakpoint
CREATE INDEX "phishing_interactions_employee_idx" ON "phishing_interactions" USING btree ("company_id","employee_id","at");--> statement-breakpoint
CREATE INDEX "phishing_interactions_network_idx" ON "phishing_interactions" USING btree ("company_id","network","at") WHERE kind in ('scanner', 'clicked');--> statement-breakpoint
CREATE UNIQUE INDEX "phishing_interactions_once_uq" ON "phishing_interactions" USING btree ("delivery_id","kind") WHERE kind in ('opened', 'submitted', 'reported');--> statement-breakpoint
CREATE INDEX "phishing_reported_mails_company_idx" ON "phishing_reported_mails" USING btree ("company_id","reported_at");--> statement-breakpoint
CREATE INDEX "phishing_campaign_lists_list_idx" ON "phishing_campaign_lists" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "phishing_campaigns_company_updated_idx" ON "phishing_campaigns" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "phishing_campaigns_company_status_idx" ON "phishing_campaigns" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "phishing_campaigns_recurrence_idx" ON "phishing_campaigns" USING btree ("recurrence_of");--> statement-breakpoint
CREATE INDEX "phishing_deliveries_campaign_idx" ON "phishing_deliveries" USING btree ("campaign_id","employee_id");--> statement-breakpoint
CREATE INDEX "phishing_deliveries_employee_idx" ON "phishing_deliveries" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "phishing_deliveries_due_idx" ON "phishing_deliveries" USING btree ("due_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "phishing_events_campaign_idx" ON "phishing_events" USING btree ("campaign_id","type","position");--> statement-breakpoint
CREATE INDEX "phishing_events_due_idx" ON "phishing_events" USING btree ("send_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "phishing_sender_profiles_company_idx" ON "phishing_sender_profiles" USING btree ("company_id","name");--> statement-breakpoint
CREATE INDEX "phishing_templates_company_idx" ON "phishing_templates" USING btree ("company_id","updated_at");