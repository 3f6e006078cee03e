-- Statuses by rule (issue 13): a sample reaches 'validated' only through validation. Completing it
-- while results are missing (force_save) is the bench's step to 'removed', taken knowingly under its
-- own action; it no longer validates. The record's 'sent' stays delivery's alone (0015). The steps
-- are the contract's SAMPLE_TRANSITIONS; the status-transitions test compares both.
DELETE FROM "status_transitions" WHERE "entity" = 'sample' AND "action" = 'forcedCompletion';
--> statement-breakpoint
INSERT INTO "status_transitions" ("entity", "from_status", "to_status", "action") VALUES
	('sample', 0, 3, 'forcedCompletion'),
	('sample', 1, 3, 'forcedCompletion'),
	('sample', 2, 3, 'forcedCompletion');
