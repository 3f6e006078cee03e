-- Delta checks per parameter (issue 40): how far a patient's result may move from the previous
-- validated one collected within a window of days, as an amount in the reported unit ('absolute')
-- or a percentage of the previous value ('percent'). A result beyond it is flagged on the bench and
-- on the validation screen, never refused (deltaCheckOf in packages/contract/src/results/delta-check.ts);
-- the flag is read with the results, not stored, so that it follows the previous result's validation
-- and invalidation. Existing parameters start without a limit.
-- The audit trigger of parameters (migration 0008) traces every column of the row, these included.
ALTER TABLE "parameters" ADD COLUMN "parameter_delta_kind" text;
--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "parameter_delta_limit" numeric(18, 6);
--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "parameter_delta_window_days" integer;
--> statement-breakpoint
-- The form and the server refuse these first (invalidDeltaLimit); the database holds the rule for
-- any other writer, since half a rule would look set and check nothing.
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_delta_limit_whole" CHECK (
  ("parameter_delta_kind" IS NULL AND "parameter_delta_limit" IS NULL AND "parameter_delta_window_days" IS NULL)
  OR (
    "parameter_delta_kind" IN ('absolute', 'percent')
    AND "parameter_delta_limit" > 0
    AND "parameter_delta_window_days" BETWEEN 1 AND 3650
  )
);
