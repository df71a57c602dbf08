-- An employee's rows everywhere hang on the employee by foreign keys that carry the company: each child
-- row names (company_id, employee_id), which must be an employee of that company, and goes with it
-- (ON DELETE CASCADE). Deleting an employee (employees.service.ts, eraseEmployees) is then one statement
-- that leaves nothing naming them; an assessment's scores hang on its participant row. The kept
-- per-employee rows of the programs (migration 0009) are removed with them, and their refresh no longer
-- writes a pair for an employee who is gone.
ALTER TABLE "employees" ADD CONSTRAINT "employees_company_id_id_uq" UNIQUE("company_id","id");
--> statement-breakpoint
-- Rows that name no employee of their company (none are written so; this makes sure before the keys).
DELETE FROM "list_members" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "learner_tokens" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "learner_events" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "training_deliveries" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "training_progress" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "training_participants" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "assessment_deliveries" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "assessment_participants" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "assessment_answers" c WHERE NOT EXISTS (SELECT 1 FROM "employees" e WHERE e."company_id" = c."company_id" AND e."id" = c."employee_id");
--> statement-breakpoint
DELETE FROM "assessment_scores" s WHERE NOT EXISTS (SELECT 1 FROM "assessment_participants" p WHERE p."assessment_id" = s."assessment_id" AND p."employee_id" = s."employee_id");
--> statement-breakpoint
-- The keys' deletions find an employee's rows by index (these tables had none leading with the employee).
CREATE INDEX "training_deliveries_employee_idx" ON "training_deliveries" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "learner_events_employee_idx" ON "learner_events" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "training_participants_employee_idx" ON "training_participants" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "assessment_deliveries_employee_idx" ON "assessment_deliveries" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "assessment_answers_employee_idx" ON "assessment_answers" USING btree ("employee_id");
--> statement-breakpoint
CREATE INDEX "assessment_scores_employee_idx" ON "assessment_scores" USING btree ("employee_id");
--> statement-breakpoint
ALTER TABLE "list_members" ADD CONSTRAINT "list_members_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learner_tokens" ADD CONSTRAINT "learner_tokens_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "learner_events" ADD CONSTRAINT "learner_events_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_deliveries" ADD CONSTRAINT "training_deliveries_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_progress" ADD CONSTRAINT "training_progress_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "training_participants" ADD CONSTRAINT "training_participants_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assessment_deliveries" ADD CONSTRAINT "assessment_deliveries_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assessment_participants" ADD CONSTRAINT "assessment_participants_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assessment_answers" ADD CONSTRAINT "assessment_answers_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "assessment_scores" ADD CONSTRAINT "assessment_scores_participant_fk" FOREIGN KEY ("assessment_id","employee_id") REFERENCES "public"."assessment_participants"("assessment_id","employee_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION training_participants_refresh_deliveries(training_ids uuid[], employee_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  kept_training_ids uuid[];
  kept_employee_ids uuid[];
BEGIN
  WITH added AS (
    INSERT INTO training_participants (training_id, employee_id, company_id, reached, bounced, delivered_views,
      last_sent_at)
    SELECT k.training_id, k.employee_id, t.company_id, coalesce(s.reached, false), coalesce(s.bounced, false),
      coalesce(s.delivered_views, 0), s.last_sent_at
    FROM unnest(training_ids, employee_ids) AS k(training_id, employee_id)
    JOIN trainings t ON t.id = k.training_id
    CROSS JOIN LATERAL training_participants_deliveries_of(k.training_id, k.employee_id, t.channel) s
    WHERE NOT EXISTS (SELECT 1 FROM training_participants tp
                      WHERE tp.training_id = k.training_id AND tp.employee_id = k.employee_id)
      AND EXISTS (SELECT 1 FROM employees emp WHERE emp.company_id = t.company_id AND emp.id = k.employee_id)
    ORDER BY k.training_id, k.employee_id
    ON CONFLICT DO NOTHING
    RETURNING training_id, employee_id)
  SELECT array_agg(k.training_id ORDER BY k.training_id, k.employee_id),
    array_agg(k.employee_id ORDER BY k.training_id, k.employee_id)
  INTO kept_training_ids, kept_employee_ids
  FROM unnest(training_ids, employee_ids) AS k(training_id, employee_id)
  WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.training_id = k.training_id AND a.employee_id = k.employee_id);
  IF kept_training_ids IS NULL THEN
    RETURN;
  END IF;
  PERFORM training_participants_lock(kept_training_ids, kept_employee_ids);
  UPDATE training_participants tp SET
    reached = coalesce(s.reached, false),
    bounced = coalesce(s.bounced, false),
    delivered_views = coalesce(s.delivered_views, 0),
    last_sent_at = s.last_sent_at
  FROM unnest(kept_training_ids, kept_employee_ids) AS k(training_id, employee_id)
  JOIN trainings t ON t.id = k.training_id
  CROSS JOIN LATERAL training_participants_deliveries_of(k.training_id, k.employee_id, t.channel) s
  WHERE tp.training_id = k.training_id AND tp.employee_id = k.employee_id
    AND (tp.reached, tp.bounced, tp.delivered_views, tp.last_sent_at) IS DISTINCT FROM
      (coalesce(s.reached, false), coalesce(s.bounced, false), coalesce(s.delivered_views, 0), s.last_sent_at);
END $$;

--> statement-breakpoint
CREATE OR REPLACE FUNCTION training_participants_refresh_progress(training_ids uuid[], employee_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  kept_training_ids uuid[];
  kept_employee_ids uuid[];
BEGIN
  WITH added AS (
    INSERT INTO training_participants (training_id, employee_id, company_id, opened, finished, answered, correct)
    SELECT k.training_id, k.employee_id, t.company_id, coalesce(s.opened, false), coalesce(s.finished, 0),
      coalesce(s.answered, 0), coalesce(s.correct, 0)
    FROM unnest(training_ids, employee_ids) AS k(training_id, employee_id)
    JOIN trainings t ON t.id = k.training_id
    CROSS JOIN LATERAL training_participants_progress_of(k.training_id, k.employee_id) s
    WHERE NOT EXISTS (SELECT 1 FROM training_participants tp
                      WHERE tp.training_id = k.training_id AND tp.employee_id = k.employee_id)
      AND EXISTS (SELECT 1 FROM employees emp WHERE emp.company_id = t.company_id AND emp.id = k.employee_id)
    ORDER BY k.training_id, k.employee_id
    ON CONFLICT DO NOTHING
    RETURNING training_id, employee_id)
  SELECT array_agg(k.training_id ORDER BY k.training_id, k.employee_id),
    array_agg(k.employee_id ORDER BY k.training_id, k.employee_id)
  INTO kept_training_ids, kept_employee_ids
  FROM unnest(training_ids, employee_ids) AS k(training_id, employee_id)
  WHERE NOT EXISTS (SELECT 1 FROM added a WHERE a.training_id = k.training_id AND a.employee_id = k.employee_id);
  IF kept_training_ids IS NULL THEN
    RETURN;
  END IF;
  PERFORM training_participants_lock(kept_training_ids, kept_employee_ids);
  UPDATE training_participants tp SET
    opened = coalesce(s.opened, false),
    finished = coalesce(s.finished, 0),
    answered = coalesce(s.answered, 0),
    correct = coalesce(s.correct, 0)
  FROM unnest(kept_training_ids, kept_employee_ids) AS k(training_id, employee_id)
  JOIN trainings t ON t.id = k.training_id
  CROSS JOIN LATERAL training_participants_progress_of(k.training_id, k.employee_id) s
  WHERE tp.training_id = k.training_id AND tp.employee_id = k.employee_id
    AND (tp.opened, tp.finished, tp.answered, tp.correct) IS DISTINCT FROM
      (coalesce(s.opened, false), coalesce(s.finished, 0), coalesce(s.answered, 0), coalesce(s.correct, 0));
END $$;
