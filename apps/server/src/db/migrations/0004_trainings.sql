CREATE TABLE "training_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"training_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"channel" smallint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "training_deliveries_once_uq" UNIQUE("event_id","employee_id","channel")
);
--> statement-breakpoint
CREATE TABLE "training_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"training_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"position" integer NOT NULL,
	"parent_id" uuid,
	"send_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"subject_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_lists" (
	"training_id" uuid NOT NULL,
	"list_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "training_lists_training_id_list_id_pk" PRIMARY KEY("training_id","list_id")
);
--> statement-breakpoint
CREATE TABLE "trainings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"is_scorm" boolean DEFAULT false NOT NULL,
	"unique_id" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 12) NOT NULL,
	"template_id" text,
	"template_customized" boolean DEFAULT false NOT NULL,
	"subject_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"schedule_type" smallint DEFAULT 0 NOT NULL,
	"start_at" timestamp with time zone,
	"frequency" text DEFAULT 'W' NOT NULL,
	"subjects_per_interval" smallint DEFAULT 3 NOT NULL,
	"channel" smallint DEFAULT 1 NOT NULL,
	"reminders_enabled" boolean DEFAULT false NOT NULL,
	"reminders_channel" smallint DEFAULT 1 NOT NULL,
	"reminder_steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"intro_enabled" boolean DEFAULT false NOT NULL,
	"intro_message" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"stopped_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "training_deliveries" ADD CONSTRAINT "training_deliveries_event_id_training_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."training_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_events" ADD CONSTRAINT "training_events_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_lists" ADD CONSTRAINT "training_lists_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_lists" ADD CONSTRAINT "training_lists_list_id_employee_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."employee_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trainings" ADD CONSTRAINT "trainings_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "training_deliveries_training_idx" ON "training_deliveries" USING btree ("training_id","employee_id");--> statement-breakpoint
CREATE INDEX "training_events_training_idx" ON "training_events" USING btree ("training_id","type","position");--> statement-breakpoint
CREATE INDEX "training_events_due_idx" ON "training_events" USING btree ("send_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "training_lists_list_idx" ON "training_lists" USING btree ("list_id");--> statement-breakpoint
CREATE INDEX "trainings_company_updated_idx" ON "trainings" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "trainings_company_status_idx" ON "trainings" USING btree ("company_id","status");