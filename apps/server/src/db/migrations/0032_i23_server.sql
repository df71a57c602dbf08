CREATE TABLE "cmi5_packages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"unique_id" text DEFAULT substr(md5(gen_random_uuid()::text), 1, 12) NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"objective" text DEFAULT '' NOT NULL,
	"objective_description" text DEFAULT '' NOT NULL,
	"format" text DEFAULT 'scorm2004' NOT NULL,
	"units" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_learners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"package_id" uuid NOT NULL,
	"lms_learner_id" text NOT NULL,
	"employee_id" uuid NOT NULL,
	"format" text NOT NULL,
	"suspend_data" text DEFAULT '' NOT NULL,
	"unit_id" text,
	"unit_score" smallint,
	"launches" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_learners_once_uq" UNIQUE("company_id","kind","package_id","lms_learner_id")
);
--> statement-breakpoint
CREATE TABLE "package_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"learner_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cmi5_packages" ADD CONSTRAINT "cmi5_packages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cmi5_packages" ADD CONSTRAINT "cmi5_packages_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_learners" ADD CONSTRAINT "package_learners_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "package_sessions" ADD CONSTRAINT "package_sessions_learner_id_package_learners_id_fk" FOREIGN KEY ("learner_id") REFERENCES "public"."package_learners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cmi5_packages_company_idx" ON "cmi5_packages" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "package_learners_package_idx" ON "package_learners" USING btree ("package_id");--> statement-breakpoint
CREATE INDEX "package_sessions_expires_idx" ON "package_sessions" USING btree ("expires_at");