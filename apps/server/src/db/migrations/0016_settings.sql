-- The company's billing manager (POST set_billing_manager): a flag on one membership per company, so
-- removing the manager removes the flag with them.
ALTER TABLE "memberships" ADD COLUMN "billing_manager" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "memberships_billing_manager_idx" ON "memberships" USING btree ("company_id") WHERE "memberships"."billing_manager";
--> statement-breakpoint
-- The enrolment mails sent (ui.sendEnrolment), one per employee and program.
CREATE TABLE "enrolment_mails" (
	"training_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "enrolment_mails_training_id_employee_id_pk" PRIMARY KEY("training_id","employee_id")
);
--> statement-breakpoint
ALTER TABLE "enrolment_mails" ADD CONSTRAINT "enrolment_mails_training_id_trainings_id_fk" FOREIGN KEY ("training_id") REFERENCES "public"."trainings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "enrolment_mails" ADD CONSTRAINT "enrolment_mails_company_id_employee_id_employees_fk" FOREIGN KEY ("company_id","employee_id") REFERENCES "public"."employees"("company_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "enrolment_mails_employee_idx" ON "enrolment_mails" USING btree ("employee_id");