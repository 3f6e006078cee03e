-- Additional samples (spec.md §7 /add-sample, issue 13): a sample added by hand to a record, which
-- the planning of samples from the record's analyses keeps as it is.
ALTER TABLE "samples" ADD COLUMN "sample_additional" boolean DEFAULT false NOT NULL;
