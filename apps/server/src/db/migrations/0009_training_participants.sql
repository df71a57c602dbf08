CREATE TABLE "training_participants" (
	"training_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"reached" boolean DEFAULT false NOT NULL,
	"bounced" boolean DEFAULT false NOT NULL,
	"delivered_views" integer DEFAULT 0 NOT NULL,
	"last_sent_at" timestamp with time zone,
	"opened" boolean DEFAULT false NOT NULL,
	"finished" integer DEFAULT 0 NOT NULL,
	"answered" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "training_participants_training_id_employee_id_pk" PRIMARY KEY("training_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "training_participants" ADD CONSTRAINT "training_participants_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A program's figures read one program's rows (tens of thousands at most): starting parallel workers
-- for that costs more than it saves, and the planner, counting on them, would scan the whole table.
ALTER TABLE "training_participants" SET (parallel_workers = 0);
--> statement-breakpoint
-- training_participants is kept by the triggers below (see the table's comment in db/schema/trainings.ts):
-- each statement's changed (program, employee) pairs are recomputed from their own rows, never counted
-- up or down. A pair seen for the first time is inserted with its values; one that exists is locked
-- (in key order) by a statement of its own before it is recomputed, so that the recomputation's
-- snapshot is taken once any concurrent writer of the same pair has committed (read committed: a new
-- snapshot per statement); a concurrent first insert of a pair makes the other writer wait and then
-- take the locked path. Only pairs of programs that still exist are kept: a program's deletion removes
-- its pairs through their foreign key, and the cascaded deletions of its deliveries and progress find
-- nothing to recompute.
--
-- One pair's figures from its own rows (null aggregates when it has none).
CREATE FUNCTION training_participants_deliveries_of(training uuid, employee uuid, channels smallint)
RETURNS TABLE (reached boolean, bounced boolean, delivered_views int, last_sent_at timestamptz)
LANGUAGE sql STABLE AS $$
  SELECT bool_or(d.status IN ('sent', 'bounced')), bool_or(d.status = 'bounced'),
    (sum(cardinality(e.subject_ids)) FILTER (WHERE d.status = 'sent' AND e.type = 1 AND d.round = 0
      AND d.channel = (channels & -channels)))::int,
    max(d.sent_at)
  FROM training_deliveries d JOIN training_events e ON e.id = d.event_id
  WHERE d.training_id = training AND d.employee_id = employee
$$;
--> statement-breakpoint
CREATE FUNCTION training_participants_progress_of(training uuid, employee uuid)
RETURNS TABLE (opened boolean, finished int, answered int, correct int)
LANGUAGE sql STABLE AS $$
  SELECT bool_or(p.opened_at IS NOT NULL), (count(*) FILTER (WHERE p.finished_at IS NOT NULL))::int,
    sum(bit_count(p.answered_mask::bit(32)))::int, sum(bit_count(p.correct_mask::bit(32)))::int
  FROM training_progress p
  WHERE p.training_id = training AND p.employee_id = employee
$$;
--> statement-breakpoint
CREATE FUNCTION training_participants_lock(training_ids uuid[], employee_ids uuid[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM training_participants tp
  JOIN unnest(training_ids, employee_ids) AS k(training_id, employee_id)
    ON tp.training_id = k.training_id AND tp.employee_id = k.employee_id
  ORDER BY tp.training_id, tp.employee_id
  FOR UPDATE OF tp;
END $$;
--> statement-breakpoint
-- The delivery columns of these pairs: reached (any delivery sent or bounced), bounced, the subject
-- views delivered (sent batches, round 0, on the program's lowest channel) and the last sending time.
CREATE FUNCTION training_participants_refresh_deliveries(training_ids uuid[], employee_ids uuid[]) RETURNS void
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
-- The progress columns of these pairs: opened anything, subjects finished, first answers and correct ones.
CREATE FUNCTION training_participants_refresh_progress(training_ids uuid[], employee_ids uuid[]) RETURNS void
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
--> statement-breakpoint
-- A delivery counts only once sent or bounced (its sending time is set then): the fan-outs' pending
-- rows and the senders' claims change no pair and cost one pass over the statement's rows.
CREATE FUNCTION training_deliveries_keep_participants() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  training_ids uuid[];
  employee_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(training_id ORDER BY training_id, employee_id), array_agg(employee_id ORDER BY training_id, employee_id)
    INTO training_ids, employee_ids
    FROM (SELECT DISTINCT training_id, employee_id FROM new_rows
          WHERE status IN ('sent', 'bounced') OR sent_at IS NOT NULL) k;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(training_id ORDER BY training_id, employee_id), array_agg(employee_id ORDER BY training_id, employee_id)
    INTO training_ids, employee_ids
    FROM (SELECT training_id, employee_id FROM new_rows WHERE status IN ('sent', 'bounced') OR sent_at IS NOT NULL
          UNION
          SELECT training_id, employee_id FROM old_rows WHERE status IN ('sent', 'bounced') OR sent_at IS NOT NULL) k;
  ELSE
    SELECT array_agg(training_id ORDER BY training_id, employee_id), array_agg(employee_id ORDER BY training_id, employee_id)
    INTO training_ids, employee_ids
    FROM (SELECT DISTINCT training_id, employee_id FROM old_rows
          WHERE status IN ('sent', 'bounced') OR sent_at IS NOT NULL) k;
  END IF;
  IF training_ids IS NOT NULL THEN
    PERFORM training_participants_refresh_deliveries(training_ids, employee_ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A progress row changes the figures only when it is new or gone, or its opening, finishing or masks
-- change: the learner's video marks change no pair.
CREATE FUNCTION training_progress_keep_participants() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  training_ids uuid[];
  employee_ids uuid[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(training_id ORDER BY training_id, employee_id), array_agg(employee_id ORDER BY training_id, employee_id)
    INTO training_ids, employee_ids
    FROM (SELECT DISTINCT training_id, employee_id FROM new_rows) k;
  ELSIF TG_OP = 'UPDATE' THEN
    SELECT array_agg(training_id ORDER BY training_id, employee_id), array_agg(employee_id ORDER BY training_id, employee_id)
    INTO training_ids, employee_ids
    FROM (SELECT n.training_id, n.employee_id FROM new_rows n
          LEFT JOIN old_rows o USING (training_id, employee_id, subject_id)
          WHERE o.subject_id IS NULL OR (o.opened_at IS NULL) <> (n.opened_at IS NULL)
            OR (o.finished_at IS NULL) <> (n.finished_at IS NULL)
            OR o.answered_mask <> n.answered_mask OR o.correct_mask <> n.correct_mask
          UNION
          SELECT o.training_id, o.employee_id FROM old_rows o
          LEFT JOIN new_rows n USING (training_id, employee_id, subject_id)
          WHERE n.subject_id IS NULL) k;
  ELSE
    SELECT array_agg(training_id ORDER BY training_id, employee_id), array_agg(employee_id ORDER BY training_id, employee_id)
    INTO training_ids, employee_ids
    FROM (SELECT DISTINCT training_id, employee_id FROM old_rows) k;
  END IF;
  IF training_ids IS NOT NULL THEN
    PERFORM training_participants_refresh_progress(training_ids, employee_ids);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A trigger with transition tables serves one kind of statement.
CREATE TRIGGER training_deliveries_participants_insert AFTER INSERT ON training_deliveries
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_deliveries_keep_participants();
--> statement-breakpoint
CREATE TRIGGER training_deliveries_participants_update AFTER UPDATE ON training_deliveries
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION training_deliveries_keep_participants();
--> statement-breakpoint
CREATE TRIGGER training_deliveries_participants_delete AFTER DELETE ON training_deliveries
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION training_deliveries_keep_participants();
--> statement-breakpoint
CREATE TRIGGER training_progress_participants_insert AFTER INSERT ON training_progress
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION training_progress_keep_participants();
--> statement-breakpoint
CREATE TRIGGER training_progress_participants_update AFTER UPDATE ON training_progress
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
FOR EACH STATEMENT EXECUTE FUNCTION training_progress_keep_participants();
--> statement-breakpoint
CREATE TRIGGER training_progress_participants_delete AFTER DELETE ON training_progress
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION training_progress_keep_participants();
--> statement-breakpoint
-- The delivered views also depend on the program's channel and on its batches' type and subjects,
-- which the product does not change once something was sent; should they change, the pairs follow.
CREATE FUNCTION trainings_channel_keep_participants() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM training_participants_refresh_deliveries(array_agg(training_id ORDER BY employee_id), array_agg(employee_id ORDER BY employee_id))
  FROM training_participants WHERE training_id = NEW.id HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER trainings_channel_participants AFTER UPDATE OF channel ON trainings
FOR EACH ROW WHEN (OLD.channel IS DISTINCT FROM NEW.channel) EXECUTE FUNCTION trainings_channel_keep_participants();
--> statement-breakpoint
CREATE FUNCTION training_events_batch_keep_participants() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM training_participants_refresh_deliveries(array_agg(training_id ORDER BY employee_id), array_agg(employee_id ORDER BY employee_id))
  FROM (SELECT DISTINCT d.training_id, d.employee_id FROM training_deliveries d
        WHERE d.event_id = NEW.id AND d.status = 'sent') k
  HAVING count(*) > 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER training_events_batch_participants AFTER UPDATE OF type, subject_ids ON training_events
FOR EACH ROW WHEN (OLD.type IS DISTINCT FROM NEW.type OR OLD.subject_ids IS DISTINCT FROM NEW.subject_ids)
EXECUTE FUNCTION training_events_batch_keep_participants();
--> statement-breakpoint
-- The programs that already have deliveries and progress: their pairs, computed as the triggers do.
INSERT INTO training_participants (training_id, employee_id, company_id, reached, bounced, delivered_views, last_sent_at)
SELECT d.training_id, d.employee_id, t.company_id,
  bool_or(d.status IN ('sent', 'bounced')), bool_or(d.status = 'bounced'),
  coalesce(sum(cardinality(e.subject_ids)) FILTER (WHERE d.status = 'sent' AND e.type = 1 AND d.round = 0
    AND d.channel = (t.channel & -t.channel)), 0)::int,
  max(d.sent_at)
FROM training_deliveries d
JOIN training_events e ON e.id = d.event_id
JOIN trainings t ON t.id = d.training_id
WHERE d.status IN ('sent', 'bounced') OR d.sent_at IS NOT NULL
GROUP BY d.training_id, d.employee_id, t.company_id;
--> statement-breakpoint
INSERT INTO training_participants AS tp (training_id, employee_id, company_id, opened, finished, answered, correct)
SELECT p.training_id, p.employee_id, t.company_id, bool_or(p.opened_at IS NOT NULL),
  (count(*) FILTER (WHERE p.finished_at IS NOT NULL))::int,
  sum(bit_count(p.answered_mask::bit(32)))::int, sum(bit_count(p.correct_mask::bit(32)))::int
FROM training_progress p
JOIN trainings t ON t.id = p.training_id
GROUP BY p.training_id, p.employee_id, t.company_id
ON CONFLICT (training_id, employee_id) DO UPDATE SET
  opened = excluded.opened, finished = excluded.finished, answered = excluded.answered, correct = excluded.correct;
