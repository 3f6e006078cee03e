-- A number typed whole or by its beginning (a record or sample number, a NIR or INS: six digits or
-- more) is looked up by its beginning in a btree. Their trigram indexes answer such terms slowly:
-- digit trigrams are shared by most numbers (the day of a record number by 4,000 records), so a
-- look-up intersects long lists (20-70 ms at 1 M records against 0.1 ms here). text_pattern_ops
-- lets LIKE 'term%' use the btree whatever the database's collation.
CREATE INDEX records_number_prefix ON records (laboratory_id, record_number text_pattern_ops);
--> statement-breakpoint
CREATE INDEX samples_number_prefix ON samples (laboratory_id, sample_number text_pattern_ops);
--> statement-breakpoint
CREATE INDEX patients_nir_prefix ON patients (laboratory_id, patient_nir text_pattern_ops);
--> statement-breakpoint
CREATE INDEX patients_ins_prefix ON patients (laboratory_id, patient_ins text_pattern_ops);
