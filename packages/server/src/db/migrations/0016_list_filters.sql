-- Samples are searched by number or by any part of their observations, folded as patient names are
-- (migration 0014: 'hemolyse' finds 'Hémolysé'); each branch of the OR has its trigram index.
CREATE INDEX samples_observations_search_trgm ON samples USING gin (sil_fold(sample_observations) gin_trgm_ops);
--> statement-breakpoint
-- The pseudo-filters and flags of the records and samples lists, each in the lists' default order
-- (last change first), so that a page is read from an index without sorting every match.
CREATE INDEX records_urgent_last_updated ON records (laboratory_id, record_last_updated DESC, record_id)
  WHERE record_is_urgent;
--> statement-breakpoint
CREATE INDEX records_laboratory_validated_at ON records (laboratory_id, record_validated_at)
  WHERE record_validated_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX samples_nct_active_record ON samples (sample_record) WHERE sample_nct_active;
--> statement-breakpoint
CREATE INDEX samples_nct_active_last_updated ON samples (laboratory_id, sample_last_updated DESC, sample_id)
  WHERE sample_nct_active;
--> statement-breakpoint
CREATE INDEX samples_laboratory_status ON samples (laboratory_id, sample_status);
--> statement-breakpoint
CREATE INDEX patients_laboratory_identity_status ON patients (laboratory_id, patient_identity_status);
