-- Plausibility limits per parameter (issue 37, 'Impossible values are stored'): the physical bounds
-- of what a parameter can measure, in its measured unit, distinct from the detection limits (beyond
-- them a value is reported '< limit') and from the reference ranges (which only flag). A measure
-- outside them is refused with outOfBounds on the bench, in imports and through the API
-- (isOutOfBounds in packages/contract/src/results/interpret.ts). An empty minimum means 0, unless
-- the lower detection limit is negative; a negative minimum lets a laboratory allow negative values
-- (a base excess). Existing parameters start empty: those that take negative values without a
-- negative detection limit need a negative minimum written before their next negative result.
-- The audit trigger of parameters (migration 0008) traces every column of the row, these included.
ALTER TABLE "parameters" ADD COLUMN "parameter_plausible_min" numeric(18, 6);
--> statement-breakpoint
ALTER TABLE "parameters" ADD COLUMN "parameter_plausible_max" numeric(18, 6);
--> statement-breakpoint
-- The parameter form and the server refuse it first (invalidBounds); the database holds the rule for
-- any other writer, since equal or inverted limits would refuse every measure.
ALTER TABLE "parameters" ADD CONSTRAINT "parameters_plausible_limits_ordered" CHECK (
  "parameter_plausible_min" IS NULL OR "parameter_plausible_max" IS NULL
  OR "parameter_plausible_min" < "parameter_plausible_max"
);
