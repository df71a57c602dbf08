CREATE TABLE "interactive_results" (
	"training_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"subject_id" text NOT NULL,
	"scene_id" text NOT NULL,
	"company_id" uuid NOT NULL,
	"found" text[] NOT NULL,
	"choice" text NOT NULL,
	"correct" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interactive_results_training_id_employee_id_subject_id_scene_id_pk" PRIMARY KEY("training_id","employee_id","subject_id","scene_id")
);
--> statement-breakpoint
ALTER TABLE "interactive_results" ADD CONSTRAINT "interactive_results_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interactive_results" ADD CONSTRAINT "interactive_results_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interactive_results_subject_idx" ON "interactive_results" USING btree ("training_id","subject_id");--> statement-breakpoint
-- An interactive subject (type 5) is finished with its last scene's decision (event 17), as a decision
-- subject (type 3) is.
CREATE OR REPLACE FUNCTION subject_finished(subject_type int, video_percent int, answered_mask int, last_decision boolean,
  questions int) RETURNS boolean
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE subject_type
    WHEN 3 THEN last_decision
    WHEN 5 THEN last_decision
    WHEN 2 THEN video_percent >= 100
    WHEN 4 THEN video_percent >= 100
    ELSE video_percent >= 95 AND bit_count(answered_mask::bit(32)) >= questions END
$$;
