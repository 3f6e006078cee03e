-- The urgent task (the dashboard's 'urgent' counter and the records list it opens, issue 17): the
-- open urgent records, in list order. Its count read every open record of the laboratory from
-- records_open to keep the urgent ones (33,000 for 1,721 at 1 M records, 4.7 ms); from this index
-- alone it reads those 1,721 (0.6 ms), and the page its first 50. Open as tasks.ts's `openRecord`
-- says: not cancelled, not yet sent.
CREATE INDEX IF NOT EXISTS "records_urgent_open" ON "records" ("laboratory_id", "record_last_updated" DESC, "record_id")
  WHERE "record_is_urgent" AND NOT "record_annulr_flag" AND "record_status" < 5;
