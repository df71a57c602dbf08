-- Seats implied by the lists (issue 16, import performance). The rule is unchanged: whoever is in one of
-- the company's lists during the billing month, or left one during it, holds a seat in that month. What
-- changes is where the first half is read: from the memberships themselves instead of a seat_months row
-- written for every member by a trigger on each insert (a row, an index entry and a foreign-key check per
-- new member: about a tenth of a 100,000-employee import's work and a fifth of its WAL). seat_months now
-- keeps only who left a list this month without being in another one (the delete trigger), and the month
-- no longer needs seeding: everyone in a list when the month starts holds its seat through their
-- membership. seat_month_seed and seat_month_starts are kept for the months seeded before.
DROP TRIGGER list_members_seats_insert ON list_members;
--> statement-breakpoint
-- Whoever leaves a list this month and is in no other of the company's lists keeps a seat in it.
CREATE OR REPLACE FUNCTION note_seats() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE m date := seat_month(now()); c uuid;
BEGIN
  -- A company being deleted takes its lists with it: it has no seats left to count.
  FOR c IN SELECT DISTINCT company_id FROM changed WHERE EXISTS (SELECT 1 FROM companies WHERE id = company_id) LOOP
    INSERT INTO seat_months (company_id, month, employee_id)
      SELECT DISTINCT c, m, x.employee_id FROM changed x
      WHERE x.company_id = c
        AND NOT EXISTS (SELECT 1 FROM list_members l WHERE l.company_id = c AND l.employee_id = x.employee_id)
      ON CONFLICT DO NOTHING;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Seats used this month: the rule the server, the lists page and the billing side read. Everyone in a
-- list now (an index-only walk of list_members (company_id, employee_id), in order, so the distinct
-- needs no sort), plus this month's leavers who are in no list now.
CREATE OR REPLACE FUNCTION seats_used(company uuid) RETURNS integer
LANGUAGE sql STABLE AS $$
  SELECT (SELECT count(*) FROM (SELECT DISTINCT employee_id FROM list_members WHERE company_id = company) a)::int
    + (SELECT count(*) FROM seat_months s
       WHERE s.company_id = company AND s.month = seat_month(now())
         AND NOT EXISTS (SELECT 1 FROM list_members l WHERE l.company_id = company AND l.employee_id = s.employee_id))::int
$$;
--> statement-breakpoint
-- This month's seat rows of people still in a list are implied by their membership now.
DELETE FROM seat_months s
WHERE s.month = seat_month(now())
  AND EXISTS (SELECT 1 FROM list_members l WHERE l.company_id = s.company_id AND l.employee_id = s.employee_id);
