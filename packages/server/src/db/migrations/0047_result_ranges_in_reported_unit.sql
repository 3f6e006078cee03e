-- A result's range in the unit of the number it is printed beside (issue 37). Until now
-- result_range_min/max held the range as written on the parameter, in the measured unit, while a
-- converted result (glucose typed in g/L, reported in mmol/L) printed the calculated value with it:
-- every surface showed 0.70–1.10 beside 6.99 mmol/L. From now on result_range_* is in result_unit,
-- and the range as written is kept in result_raw_range_*.
ALTER TABLE "results" ADD COLUMN "result_raw_range_min" numeric(18, 6);
--> statement-breakpoint
ALTER TABLE "results" ADD COLUMN "result_raw_range_max" numeric(18, 6);
--> statement-breakpoint
-- The rewrite of stored rows is a change of representation, not of any result: it leaves no trace,
-- keeps each row's stamp (so no colleague's open bench turns stale) and passes the guard that
-- freezes validated results, hence the triggers held off for these statements alone.
ALTER TABLE "results" DISABLE TRIGGER USER;
--> statement-breakpoint
UPDATE "results" SET "result_raw_range_min" = "result_range_min", "result_raw_range_max" = "result_range_max"
WHERE "result_range_min" IS NOT NULL OR "result_range_max" IS NOT NULL;
--> statement-breakpoint
-- A value converted by its parameter's formula from the measure (`x`, not another result's `$CODE`,
-- whose ranges are written in the calculated unit) had its range in the other unit. The formula
-- cannot be run here, so the printed range is emptied: none rather than a wrong one. Results saved
-- again, and every new one, carry the converted range.
UPDATE "results" r SET "result_range_min" = NULL, "result_range_max" = NULL
FROM "parameters" p
WHERE p."parameter_id" = r."result_parameter" AND r."result_calculated" IS NOT NULL
  AND p."parameter_has_formula"
  AND position('$' in coalesce(p."parameter_formula", '') || coalesce(p."parameter_formula_male", '') || coalesce(p."parameter_formula_female", '')) = 0;
--> statement-breakpoint
-- A measure whose formula gave no value (censored, or not calculable for the patient) is reported as
-- measured: its unit is the measured one, not the unit after calculation it was stored with.
UPDATE "results" r SET "result_unit" = p."parameter_unit"
FROM "parameters" p
WHERE p."parameter_id" = r."result_parameter" AND r."result_calculated" IS NULL AND r."result_value" IS NOT NULL
  AND p."parameter_has_formula"
  AND position('$' in coalesce(p."parameter_formula", '') || coalesce(p."parameter_formula_male", '') || coalesce(p."parameter_formula_female", '')) = 0;
--> statement-breakpoint
ALTER TABLE "results" ENABLE TRIGGER USER;
--> statement-breakpoint
-- The record's trace lists every change of its results (issue 37): the results a sample ever had,
-- deleted ones included, are found by the sample their creation and deletion entries name.
CREATE INDEX "audit_trail_result_sample_index" ON "audit_trail"
  (((coalesce("modification_new_value", "modification_old_value")::jsonb ->> 'result_sample')))
  WHERE "table_name" = 'results' AND "modification_type" <> 'update';
