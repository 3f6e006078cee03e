import { z } from 'zod';

/**
 * The chapters of a biology report as the national biology report (CR-BIO) codes them: LOINC
 * 'laboratory studies' codes, one per family of analyses, so that a receiver files each section
 * under its discipline. The list is the chapters a French laboratory's families map to; the kit's
 * chapter value set (shared/data/cda) is what the exchange test checks them against.
 */
export const BIOLOGY_CHAPTERS = {
  '18716-1': 'Allergie',
  '18717-9': 'Immunohématologie',
  '18719-5': 'Biochimie',
  '18720-3': 'Hémostase',
  '18721-1': 'Dosages de médicaments',
  '18722-9': 'Fertilité',
  '18723-7': 'Hématologie',
  '18725-2': 'Microbiologie',
  '18727-8': 'Auto-immunité',
  '18728-6': 'Toxicologie',
  '18729-4': 'Examens urinaires',
  '18767-4': 'Gaz du sang',
  '26435-8': 'Génétique',
  '26436-6': 'Biologie polyvalente',
  '92892-9': 'Sérologie parasitaire',
  '92893-7': 'Sérologie virale',
  '92894-5': 'Sérologie bactérienne',
  '92895-2': 'Endocrinologie',
} as const;
export type BiologyChapter = keyof typeof BIOLOGY_CHAPTERS;

/** The chapter a family's analyses are reported under when the family names none. */
export const DEFAULT_BIOLOGY_CHAPTER: BiologyChapter = '26436-6';

export const biologyChapter = z.enum(Object.keys(BIOLOGY_CHAPTERS) as [BiologyChapter, ...BiologyChapter[]]);
