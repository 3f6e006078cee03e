-- The chapter of the biology report each family's analyses are exchanged under (issue 42): a LOINC
-- 'laboratory studies' code (BIOLOGY_CHAPTERS in the contract), which the CDA CR-BIO export gives
-- as the code of the family's level-1 section and of the documented acts. Empty for existing
-- families: their analyses go under 'Biologie polyvalente' (26436-6) until an administrator names
-- their chapter. The audit trigger of families (migration 0003) traces every column, this one too.
ALTER TABLE "families" ADD COLUMN "family_chapter" text;
