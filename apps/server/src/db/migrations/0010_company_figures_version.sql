CREATE TABLE "company_statistics" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "figures_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "company_statistics" ADD CONSTRAINT "company_statistics_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The company's figures version moves with every statement that changes its list memberships, its
-- programs and assessments (their status) or their lists: figures kept at an older version
-- (company_statistics) are computed again when next asked for. Statement triggers with transition
-- tables, so an import of a hundred thousand members bumps once, and a statement that changes nothing
-- bumps nothing.
CREATE FUNCTION bump_company_figures_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE companies c SET figures_version = c.figures_version + 1
  WHERE c.id IN (SELECT DISTINCT company_id FROM changed);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER list_members_figures_insert AFTER INSERT ON list_members
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER list_members_figures_delete AFTER DELETE ON list_members
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER training_lists_figures_insert AFTER INSERT ON training_lists
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER training_lists_figures_delete AFTER DELETE ON training_lists
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER assessment_lists_figures_insert AFTER INSERT ON assessment_lists
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER assessment_lists_figures_delete AFTER DELETE ON assessment_lists
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER trainings_figures_insert AFTER INSERT ON trainings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER trainings_figures_update AFTER UPDATE ON trainings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER trainings_figures_delete AFTER DELETE ON trainings
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER assessments_figures_insert AFTER INSERT ON assessments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER assessments_figures_update AFTER UPDATE ON assessments
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
--> statement-breakpoint
CREATE TRIGGER assessments_figures_delete AFTER DELETE ON assessments
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION bump_company_figures_version();
