CREATE TABLE "seat_month_starts" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	CONSTRAINT "seat_month_starts_company_id_month_pk" PRIMARY KEY("company_id","month")
);
--> statement-breakpoint
CREATE TABLE "seat_months" (
	"company_id" uuid NOT NULL,
	"month" date NOT NULL,
	"employee_id" uuid NOT NULL,
	CONSTRAINT "seat_months_company_id_month_employee_id_pk" PRIMARY KEY("company_id","month","employee_id")
);
--> statement-breakpoint
CREATE TABLE "seat_overages" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seats" integer NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "seat_overages_company_id_day_pk" PRIMARY KEY("company_id","day")
);
--> statement-breakpoint
CREATE TABLE "trial_signups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"time_zone" text,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trial_signups_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "seat_month_starts" ADD CONSTRAINT "seat_month_starts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_months" ADD CONSTRAINT "seat_months_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seat_overages" ADD CONSTRAINT "seat_overages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "trial_signups_expires_idx" ON "trial_signups" USING btree ("expires_at");--> statement-breakpoint
-- The billing month: the calendar month in UTC.
CREATE FUNCTION seat_month(at timestamptz) RETURNS date
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT date_trunc('month', at AT TIME ZONE 'UTC')::date $$;
--> statement-breakpoint
-- The first time a month is touched for a company, everyone then in its lists holds a seat in it.
CREATE FUNCTION seat_month_seed(company uuid, m date) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO seat_month_starts (company_id, month) VALUES (company, m) ON CONFLICT DO NOTHING;
  IF FOUND THEN
    INSERT INTO seat_months (company_id, month, employee_id)
      SELECT DISTINCT company, m, employee_id FROM list_members WHERE company_id = company
      ON CONFLICT DO NOTHING;
  END IF;
END $$;
--> statement-breakpoint
-- Seats used this month: the rule the server, the lists page and the billing side read.
CREATE FUNCTION seats_used(company uuid) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE m date := seat_month(now());
BEGIN
  PERFORM seat_month_seed(company, m);
  RETURN (SELECT count(*)::int FROM seat_months WHERE company_id = company AND month = m);
END $$;
--> statement-breakpoint
-- Whoever joins a list this month, and whoever leaves one (they were in it this month), holds a seat.
CREATE FUNCTION note_seats() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE m date := seat_month(now()); c uuid;
BEGIN
  -- A company being deleted takes its lists with it: it has no seats left to count.
  FOR c IN SELECT DISTINCT company_id FROM changed WHERE EXISTS (SELECT 1 FROM companies WHERE id = company_id) LOOP
    PERFORM seat_month_seed(c, m);
    INSERT INTO seat_months (company_id, month, employee_id)
      SELECT DISTINCT c, m, employee_id FROM changed WHERE company_id = c
      ON CONFLICT DO NOTHING;
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER list_members_seats_insert AFTER INSERT ON list_members
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION note_seats();
--> statement-breakpoint
CREATE TRIGGER list_members_seats_delete AFTER DELETE ON list_members
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION note_seats();
