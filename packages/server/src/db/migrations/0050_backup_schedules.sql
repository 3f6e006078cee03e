-- Scheduled backups (issue 38, decision 0008): the administrator's daily schedule and retention
-- policy, and the outcome of the last scheduled run, which the dashboard shows when it failed. One
-- row per laboratory; the runner claims a day's run by moving last_run_day (one server copy runs it).
CREATE TABLE "backup_schedules" (
	"laboratory_id" uuid PRIMARY KEY NOT NULL REFERENCES "laboratories"("laboratory_id"),
	"schedule_enabled" boolean DEFAULT false NOT NULL,
	"schedule_hour" smallint DEFAULT 2 NOT NULL CHECK ("schedule_hour" BETWEEN 0 AND 23),
	"keep_daily" smallint DEFAULT 7 NOT NULL CHECK ("keep_daily" BETWEEN 0 AND 366),
	"keep_weekly" smallint DEFAULT 4 NOT NULL CHECK ("keep_weekly" BETWEEN 0 AND 520),
	"keep_monthly" smallint DEFAULT 12 NOT NULL CHECK ("keep_monthly" BETWEEN 0 AND 240),
	"last_run_day" text,
	"last_run_at" timestamp(3) with time zone,
	"last_failure_at" timestamp(3) with time zone,
	"last_failure_code" text,
	"schedule_last_updated" timestamp(3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The administrator's changes are traced; the runner's daily bookkeeping is not (a trace entry a day
-- saying the backup ran would bury the trail; its outcome is the backup itself, or the failure shown).
SELECT attach_audit('backup_schedules', 'laboratory_id', 'schedule_last_updated', '',
                    'last_run_day,last_run_at,last_failure_at,last_failure_code');
