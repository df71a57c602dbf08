-- A campaign's first event (type 1 at position 0, not cancelled) is one row: the wizards insert it once
-- after deleting what was not sent, and a package's launches now find or create it with one
-- `insert … on conflict` on this key. Before, a package's first launch read then inserted it, so two
-- launches at the same moment could have made two: the later ones move to positions 1, 2, … (the same
-- batch again; their deliveries stay where they are) so that the key holds.
UPDATE "training_events" e SET "position" = r.n - 1
FROM (SELECT "id", row_number() OVER (PARTITION BY "training_id" ORDER BY "started_at", "id") AS n
      FROM "training_events" WHERE type = 1 and position = 0 and status <> 'cancelled') r
WHERE e."id" = r."id" AND r.n > 1;--> statement-breakpoint
UPDATE "assessment_events" e SET "position" = r.n - 1
FROM (SELECT "id", row_number() OVER (PARTITION BY "assessment_id" ORDER BY "started_at", "id") AS n
      FROM "assessment_events" WHERE type = 1 and position = 0 and status <> 'cancelled') r
WHERE e."id" = r."id" AND r.n > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "training_events_first_idx" ON "training_events" USING btree ("training_id") WHERE type = 1 and position = 0 and status <> 'cancelled';--> statement-breakpoint
CREATE UNIQUE INDEX "assessment_events_first_idx" ON "assessment_events" USING btree ("assessment_id") WHERE type = 1 and position = 0 and status <> 'cancelled';
