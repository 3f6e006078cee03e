ALTER TABLE "prescribers" ALTER COLUMN "prescriber_specialty" SET DATA TYPE smallint USING nullif("prescriber_specialty", '')::smallint;
