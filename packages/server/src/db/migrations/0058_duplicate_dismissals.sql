-- Duplicate patient groups declared 'not duplicates' (spec.md §2 'Resolve duplicate patients', §3
-- 'Duplicate patient groups'): homonyms sharing the identity traits who are different people. The
-- set of patients the user looked at is kept; the duplicates screen no longer proposes a group all
-- of whose patients are in one such set, and proposes it again, whole, when a new patient joins it.
-- A merged or deleted patient's id stays in the set: the smaller group is still covered by it.
CREATE TABLE "duplicate_dismissals" (
  "dismissal_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "laboratory_id" uuid NOT NULL REFERENCES "laboratories"("laboratory_id"),
  "dismissal_patients" uuid[] NOT NULL,
  "dismissal_by" uuid REFERENCES "users"("admin_uid"),
  "dismissal_created" timestamp(3) with time zone DEFAULT now() NOT NULL,
  "dismissal_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "duplicate_dismissals_two_patients" CHECK (cardinality("dismissal_patients") >= 2)
);
--> statement-breakpoint
CREATE INDEX "duplicate_dismissals_patients_idx" ON "duplicate_dismissals" USING gin ("dismissal_patients");
--> statement-breakpoint
SELECT attach_audit('duplicate_dismissals', 'dismissal_id', 'dismissal_last_updated');
