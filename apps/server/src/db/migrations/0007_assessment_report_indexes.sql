-- The threat areas' histograms join the kept aggregates (assessment_stats kind 6, key `area:score`),
-- built here from the finished employees' stored area scores as rebuildAssessmentStats builds them.
INSERT INTO "assessment_stats" ("assessment_id", "list_id", "kind", "key", "sum", "count", "at_risk")
SELECT s."assessment_id", l.id, 6, s."key" || ':' || floor(s."score" + 0.5)::int, sum(s."score"), count(*),
  count(*) FILTER (WHERE floor(s."score" + 0.5) < 50)
FROM "assessment_scores" s
JOIN "assessment_participants" p
  ON p."assessment_id" = s."assessment_id" AND p."employee_id" = s."employee_id" AND p."finished_at" IS NOT NULL
CROSS JOIN unnest(ARRAY(
  SELECT DISTINCT u FROM unnest(array_prepend('00000000-0000-0000-0000-000000000000'::uuid, p."list_ids")) u
)) AS l(id)
WHERE s."kind" = 2
GROUP BY s."assessment_id", l.id, 3, 4
ON CONFLICT DO NOTHING;
