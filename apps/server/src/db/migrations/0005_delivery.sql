CREATE TABLE "learner_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"training_id" uuid,
	"employee_id" uuid NOT NULL,
	"subject_id" text,
	"code" smallint NOT NULL,
	"item" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "learner_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "training_progress" (
	"training_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"subject_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"opened_at" timestamp with time zone,
	"video_percent" smallint DEFAULT 0 NOT NULL,
	"answered_mask" integer DEFAULT 0 NOT NULL,
	"correct_mask" integer DEFAULT 0 NOT NULL,
	"questions" smallint DEFAULT 0 NOT NULL,
	"last_decision" boolean DEFAULT false NOT NULL,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "training_progress_training_id_employee_id_subject_id_pk" PRIMARY KEY("training_id","employee_id","subject_id")
);
--> statement-breakpoint
ALTER TABLE "training_deliveries" DROP CONSTRAINT "training_deliveries_once_uq";--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_deliveries" ADD COLUMN "round" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_deliveries" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "training_deliveries" ADD COLUMN "due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "training_deliveries" ADD COLUMN "error" text;--> statement-breakpoint
ALTER TABLE "training_deliveries" ADD COLUMN "mail_id" uuid;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "manual" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "reminder_mode" smallint;--> statement-breakpoint
ALTER TABLE "training_events" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learner_events_training_idx" ON "learner_events" USING btree ("training_id","employee_id");--> statement-breakpoint
CREATE INDEX "learner_tokens_employee_idx" ON "learner_tokens" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "training_progress_employee_idx" ON "training_progress" USING btree ("employee_id");--> statement-breakpoint
CREATE INDEX "training_deliveries_due_idx" ON "training_deliveries" USING btree ("due_at") WHERE status in ('pending', 'sending');--> statement-breakpoint
ALTER TABLE "training_deliveries" ADD CONSTRAINT "training_deliveries_once_uq" UNIQUE("event_id","employee_id","channel","round");