CREATE TABLE "assessment_answers" (
	"assessment_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"question_id" text NOT NULL,
	"action_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"choice" jsonb NOT NULL,
	"points" jsonb NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assessment_answers_assessment_id_employee_id_question_id_action_id_pk" PRIMARY KEY("assessment_id","employee_id","question_id","action_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"assessment_id" uuid NOT NULL,
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
	CONSTRAINT "assessment_deliveries_once_uq" UNIQUE("event_id","employee_id","channel","round")
);
--> statement-breakpoint
CREATE TABLE "assessment_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"assessment_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"position" integer NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"manual" boolean DEFAULT false NOT NULL,
	"started_at" timestamp with time zone,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "assessment_lists" (
	"assessment_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "assessment_lists_assessment_id_list_id_pk" PRIMARY KEY("assessment_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_participants" (
	"assessment_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"list_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"answered" smallint DEFAULT 0 NOT NULL,
	"score" double precision,
	CONSTRAINT "assessment_participants_assessment_id_employee_id_pk" PRIMARY KEY("assessment_id","employee_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_scores" (
	"assessment_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"key" text NOT NULL,
	"score" double precision NOT NULL,
	CONSTRAINT "assessment_scores_assessment_id_kind_key_employee_id_pk" PRIMARY KEY("assessment_id","kind","key","employee_id")
);
--> statement-breakpoint
CREATE TABLE "assessment_stats" (
	"assessment_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"kind" smallint NOT NULL,
	"key" text NOT NULL,
	"sum" double precision DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"at_risk" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "assessment_stats_assessment_id_list_id_kind_key_pk" PRIMARY KEY("assessment_id","list_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "assessments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_scorm" boolean DEFAULT false NOT NULL,
	"unique_id" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 12) NOT NULL,
	"template_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"template_customized" boolean DEFAULT false NOT NULL,
	"question_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"schedule_type" smallint DEFAULT 1 NOT NULL,
	"delivery_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"channel" smallint DEFAULT 1 NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminders_channel" smallint DEFAULT 1 NOT NULL,
	"personalize_enabled" boolean DEFAULT true NOT NULL,
	"personalize_data" jsonb,
	"intro_message" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_deliveries" ADD CONSTRAINT "assessment_deliveries_event_id_assessment_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."assessment_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_events" ADD CONSTRAINT "assessment_events_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_lists" ADD CONSTRAINT "assessment_lists_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_lists" ADD CONSTRAINT "assessment_lists_list_id_employee_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."employee_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_participants" ADD CONSTRAINT "assessment_participants_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_scores" ADD CONSTRAINT "assessment_scores_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessment_stats" ADD CONSTRAINT "assessment_stats_assessment_id_assessments_id_fk" FOREIGN KEY ("assessment_id") REFERENCES "public"."assessments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assessments" ADD CONSTRAINT "assessments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "assessment_deliveries_assessment_idx" ON "assessment_deliveries" USING btree ("assessment_id","employee_id");--> statement-breakpoint
CREATE INDEX "assessment_deliveries_due_idx" ON "assessment_deliveries" USING btree ("due_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
CREATE INDEX "assessment_events_assessment_idx" ON "assessment_events" USING btree ("assessment_id","type","position");--> statement-breakpoint
CREATE INDEX "assessment_events_due_idx" ON "assessment_events" USING btree ("send_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "assessment_lists_list_idx" ON "assessment_lists" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "assessment_participants_score_idx" ON "assessment_participants" USING btree ("assessment_id","score");--> statement-breakpoint
CREATE INDEX "assessment_participants_employee_idx" ON "assessment_participants" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "assessments_company_updated_idx" ON "assessments" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "assessments_company_status_idx" ON "assessments" USING btree ("company_id","status");