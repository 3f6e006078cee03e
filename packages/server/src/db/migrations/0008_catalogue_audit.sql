SELECT attach_audit('parameters', 'parameter_id', 'parameter_last_updated');
--> statement-breakpoint
SELECT attach_audit('analyses', 'analysis_id', 'analysis_last_updated');
