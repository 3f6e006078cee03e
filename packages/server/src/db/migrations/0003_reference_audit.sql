-- Reference data is audited like everything else a laboratory configures.
SELECT attach_audit('matrices', 'matrix_id', 'matrix_last_updated');
--> statement-breakpoint
SELECT attach_audit('families', 'family_id', 'family_last_updated');
--> statement-breakpoint
SELECT attach_audit('machines', 'machine_id', 'machine_last_updated');
--> statement-breakpoint
SELECT attach_audit('sample_types', 'sample_type_id', 'sample_type_last_updated');
--> statement-breakpoint
SELECT attach_audit('collectors', 'collector_id', 'collector_last_updated');
