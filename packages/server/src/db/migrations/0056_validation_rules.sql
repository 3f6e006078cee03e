-- Rule-assisted validation (issue 40): per analysis, the checks a record must pass before a
-- biologist validates it in one action with other records: results inside their ranges, within
-- their delta limits, no NCT/LBloc/ANE, no comment, patient without a warning. One row per
-- analysis of a laboratory; each check is a column, so the trace names the check changed.
CREATE TABLE "validation_rules" (
  "rule_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
  "rule_analysis" uuid NOT NULL REFERENCES "analyses"("analysis_id") ON DELETE CASCADE,
  "rule_in_range" boolean DEFAULT true NOT NULL,
  "rule_delta" boolean DEFAULT true NOT NULL,
  "rule_no_marks" boolean DEFAULT true NOT NULL,
  "rule_no_comment" boolean DEFAULT true NOT NULL,
  "rule_patient_not_flagged" boolean DEFAULT true NOT NULL,
  "rule_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "validation_rules_one_per_analysis" UNIQUE("laboratory_id", "rule_analysis")
);
--> statement-breakpoint
SELECT attach_audit('validation_rules', 'rule_id', 'rule_last_updated');
