-- A list's member count is kept on the list (GET /api/v1/lists and the Lists tab read it instead of
-- counting memberships per call): statement triggers on list_members add what a statement inserted and
-- take away what it deleted, whoever wrote it (imports, adds, removals, the cascades of an erased
-- employee or a deleted list). Lists are locked in id order so two writers never wait on each other
-- in a circle.
ALTER TABLE "employee_lists" ADD COLUMN "member_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE "employee_lists" l SET "member_count" = c.n
FROM (SELECT list_id, count(*)::int AS n FROM "list_members" GROUP BY list_id) c
WHERE l.id = c.list_id;--> statement-breakpoint
CREATE FUNCTION list_members_keep_count() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM 1 FROM employee_lists WHERE id IN (SELECT list_id FROM new_rows) ORDER BY id FOR UPDATE;
    UPDATE employee_lists l SET member_count = l.member_count + d.n
    FROM (SELECT list_id, count(*)::int AS n FROM new_rows GROUP BY list_id) d
    WHERE l.id = d.list_id;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM 1 FROM employee_lists WHERE id IN (SELECT list_id FROM old_rows) ORDER BY id FOR UPDATE;
    UPDATE employee_lists l SET member_count = l.member_count - d.n
    FROM (SELECT list_id, count(*)::int AS n FROM old_rows GROUP BY list_id) d
    WHERE l.id = d.list_id;
  ELSE
    PERFORM 1 FROM employee_lists
    WHERE id IN (SELECT list_id FROM new_rows UNION SELECT list_id FROM old_rows) ORDER BY id FOR UPDATE;
    UPDATE employee_lists l SET member_count = l.member_count + d.n
    FROM (SELECT list_id, sum(n)::int AS n FROM (
            SELECT list_id, 1 AS n FROM new_rows UNION ALL SELECT list_id, -1 FROM old_rows) x
          GROUP BY list_id) d
    WHERE l.id = d.list_id AND d.n <> 0;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_members_count_insert AFTER INSERT ON list_members
REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_members_keep_count();
--> statement-breakpoint
CREATE TRIGGER list_members_count_update AFTER UPDATE ON list_members
REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION list_members_keep_count();
--> statement-breakpoint
CREATE TRIGGER list_members_count_delete AFTER DELETE ON list_members
REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION list_members_keep_count();
--> statement-breakpoint
-- A paused webhook endpoint gets no deliveries (PATCH /companies/:id/webhooks/:endpointId).
ALTER TABLE "webhook_endpoints" ADD COLUMN "active" boolean DEFAULT true NOT NULL;
--> statement-breakpoint
-- Events from this moment on are delivered: when the endpoint was made or last resumed.
ALTER TABLE "webhook_endpoints" ADD COLUMN "active_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
UPDATE "webhook_endpoints" SET "active_since" = "created_at";
