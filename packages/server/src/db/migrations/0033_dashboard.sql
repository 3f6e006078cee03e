-- The dashboard's counters (issue 17), each panel one aggregate query read through its own index.
-- Tasks in progress: the records not yet sent nor cancelled, a small part of a laboratory's records
-- (the others are sent), counted by this partial index instead of the laboratory's whole history.
CREATE INDEX records_open ON records (laboratory_id, record_status)
  WHERE NOT record_annulr_flag AND record_status < 5;
--> statement-breakpoint
-- Quarterly statistics: a year of records counted from the index alone (who owns it, cancelled).
CREATE INDEX records_created_counts ON records (laboratory_id, record_created)
  INCLUDE (record_owner, record_annulr_flag, record_status);
--> statement-breakpoint
-- Summary of the day: patients added, samples processed (removed from the machine), validated.
CREATE INDEX patients_laboratory_created ON patients (laboratory_id, patient_created);
--> statement-breakpoint
CREATE INDEX samples_laboratory_removed_at ON samples (laboratory_id, sample_removed_at)
  WHERE sample_removed_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX samples_laboratory_validated_at ON samples (laboratory_id, sample_validated_at)
  WHERE sample_validated_at IS NOT NULL;
--> statement-breakpoint
-- 'With LBLOC' also counts the records one of whose samples is locked.
CREATE INDEX samples_lbloc_record ON samples (sample_record) WHERE sample_lbloc_flag;
--> statement-breakpoint
-- Notifications: the report channels whose send failed.
CREATE INDEX record_deliveries_failed ON record_deliveries (laboratory_id) WHERE delivery_state = 'failed';
