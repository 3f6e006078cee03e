-- Records created between two days, sorted by last update (issue 11): those updated after the last
-- day are read among the days' records, and sorted, from this index alone when it carries the last
-- update and the id. It replaces the dashboard's index of the same columns (migration 0033), which
-- keeps its counts from the index alone.
DROP INDEX IF EXISTS records_created_counts;
--> statement-breakpoint
CREATE INDEX records_created_counts ON records (laboratory_id, record_created)
  INCLUDE (record_owner, record_annulr_flag, record_status, record_last_updated, record_id);
