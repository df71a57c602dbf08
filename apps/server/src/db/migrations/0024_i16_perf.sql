-- The assessments list page counts each assessment's bounced employees from these few rows, not from
-- every delivery (issue 16, performance).
CREATE INDEX "assessment_deliveries_bounced_idx" ON "assessment_deliveries" USING btree ("assessment_id","employee_id") WHERE status = 'bounced';
