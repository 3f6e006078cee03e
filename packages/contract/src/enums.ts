import { z } from 'zod';

/**
 * Enumerations of spec.md §9 (statuses of §4: records/statuses.ts). Only keys live here: what screens
 * show for each key is in the web locale files, so that both languages stay in one place. The
 * exception is the national list of prescriber specialties, whose French wording is reference
 * data printed on documents, not interface text.
 */

/** Numbers arrive as text from form-urlencoded bodies; an empty text is not zero. */
export function integerIn<const T extends readonly number[]>(values: T) {
  const digits = z.codec(z.string().regex(/^\d+$/), z.number(), { decode: Number, encode: String });
  return z.union([z.number(), digits]).pipe(z.literal(values as unknown as [T[number], ...T[number][]]));
}

// ---- Patients ---------------------------------------------------------------------------------

/** BBF baby girl, BBG baby boy, CIQ and EEQ (quality-control pseudo-patients), ENFF child girl,
 * ENFG child boy, MME, MR. */
export const CIVILITIES = ['BBF', 'BBG', 'CIQ', 'EEQ', 'ENFF', 'ENFG', 'MME', 'MR'] as const;
export const civilitySchema = z.enum(CIVILITIES);
export type Civility = z.infer<typeof civilitySchema>;

export const TITLES = ['Dr', 'Inf', 'Med', 'Miss', 'Mlle', 'Mme', 'Mr', 'Mrs', 'Ms'] as const;
export const titleSchema = z.enum(TITLES);
export type Title = z.infer<typeof titleSchema>;

/** Status of a patient identity under the national INS rules; only 'qualified' shows the INS. */
export const IDENTITY_STATUSES = ['provisional', 'retrieved', 'validated', 'qualified'] as const;
export const identityStatusSchema = z.enum(IDENTITY_STATUSES);
export type IdentityStatus = z.infer<typeof identityStatusSchema>;

// ---- Non-conformities -------------------------------------------------------------------------

/** Analyses not carried out (ANE): ane1 later … ane12 prescription modified by the biologist. */
export const ANE_CODES = [
  'ane1',
  'ane2',
  'ane3',
  'ane4',
  'ane5',
  'ane6',
  'ane7',
  'ane8',
  'ane9',
  'ane10',
  'ane11',
  'ane12',
  'other',
] as const;
export const aneCodeSchema = z.enum(ANE_CODES);
export type AneCode = z.infer<typeof aneCodeSchema>;

/** Administrative non-conformities (NCA). nca4 and nca6 have two readings; the locale chooses. */
export const NCA_CODES = ['nca1', 'nca2', 'nca3', 'nca4', 'nca5', 'nca6', 'nca7', 'nca8', 'other'] as const;
export const ncaCodeSchema = z.enum(NCA_CODES);
export type NcaCode = z.infer<typeof ncaCodeSchema>;

/** Technical non-conformities of a sample (NCT). */
export const NCT_CODES = ['nct1', 'nct2', 'nct3', 'nct4', 'nct5', 'nct6', 'nct7', 'nct8', 'other'] as const;
export const nctCodeSchema = z.enum(NCT_CODES);
export type NctCode = z.infer<typeof nctCodeSchema>;

// ---- Records ----------------------------------------------------------------------------------
// Record and sample statuses live in records/statuses.ts.

export const PERSONS_TO_PHONE = [
  'treatingPractitioner',
  'healthEstablishment',
  'nurse',
  'patient',
  'prescriber',
] as const;
export const personToPhoneSchema = z.enum(PERSONS_TO_PHONE);
export type PersonToPhone = z.infer<typeof personToPhoneSchema>;

/** Preset groups of analyses offered in the add-record wizard. */
export const QUICK_SELECTIONS = ['alcohol', 'blood', 'complete', 'rtPcr', 'report', 'anotherChoice'] as const;
export const quickSelectionSchema = z.enum(QUICK_SELECTIONS);
export type QuickSelection = z.infer<typeof quickSelectionSchema>;

/** The wizard orders analyses in up to five combinations, numbered from 1. */
export const MAX_ANALYSIS_COMBINATIONS = 5;
export const ANALYSIS_COMBINATIONS = [1, 2, 3, 4, 5] as const;
export const analysisCombinationSchema = integerIn(ANALYSIS_COMBINATIONS);
export type AnalysisCombination = (typeof ANALYSIS_COMBINATIONS)[number];

// ---- Files ------------------------------------------------------------------------------------

/** Result files a laboratory imports from its instruments or partners. */
export const IMPORT_FILE_TYPES = [
  'covid19Pcr',
  'rhinoPharyngealPcr',
  'salivaPcr',
  'stdPcr',
  'mst',
  'chlamydia',
  'mycoplasma',
  'neisseria',
  'ecbu',
  'bloodGroup',
  'rai',
  'icpms',
  'qualitative',
  'lcQtofQualitative',
  'quantitative',
  'thcCooh',
  'thcD3Istd',
  'forwarding',
] as const;
export const importFileTypeSchema = z.enum(IMPORT_FILE_TYPES);
export type ImportFileType = z.infer<typeof importFileTypeSchema>;

/** Document types of uploads, spelled as spec.md §9 spells them; a patient's and a record's. */
export const PATIENT_UPLOAD_TYPES = [
  'driversLicense',
  'insuranceCard',
  'nationalIdCard',
  'passport',
  'other_id',
  'patient_misc',
] as const;
export const RECORD_UPLOAD_TYPES = ['prescription', 'results', 'misc'] as const;
export const UPLOAD_FILE_TYPES = [...PATIENT_UPLOAD_TYPES, ...RECORD_UPLOAD_TYPES] as const;
export const uploadFileTypeSchema = z.enum(UPLOAD_FILE_TYPES);
export type UploadFileType = z.infer<typeof uploadFileTypeSchema>;

// ---- Settings ---------------------------------------------------------------------------------

/** How often internal quality control (CIQ) runs for an analysis. */
export const CIQ_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export const ciqFrequencySchema = z.enum(CIQ_FREQUENCIES);
export type CiqFrequency = z.infer<typeof ciqFrequencySchema>;

export const NOTIFICATION_FREQUENCIES = ['None', 'Push'] as const;
export const notificationFrequencySchema = z.enum(NOTIFICATION_FREQUENCIES);
export type NotificationFrequency = z.infer<typeof notificationFrequencySchema>;

// ---- Lists ------------------------------------------------------------------------------------

/** Names a list call accepts in sort_by (spec.md §9), each with ASC or DESC. */
export const SORT_OPTIONS = [
  'NABM',
  'adeli',
  'chapter',
  'code',
  'coefB',
  'creationDate',
  'description',
  'dob',
  'email',
  'family',
  'firstName',
  'id',
  'location',
  'matrix',
  'method',
  'name',
  'nonCompliance',
  'observations',
  'rank',
  'recordStatus',
  'subChapter',
  'surname',
  'wording',
] as const;
export const sortOptionSchema = z.enum(SORT_OPTIONS);
export type SortOption = z.infer<typeof sortOptionSchema>;

export const SORT_ORDERS = ['ASC', 'DESC'] as const;
export const sortOrderSchema = z.enum(SORT_ORDERS);
export type SortOrder = z.infer<typeof sortOrderSchema>;

// ---- Reference ranges -------------------------------------------------------------------------

/**
 * Age bands of reference ranges, in years. A band includes its lower bound and excludes its upper
 * one, so a child of exactly 1 year falls in 1–6 and each age has one band.
 */
export const REFERENCE_AGE_BANDS = [
  { key: 'age0to1', fromYears: 0, toYears: 1 },
  { key: 'age1to6', fromYears: 1, toYears: 6 },
  { key: 'age6to15', fromYears: 6, toYears: 15 },
] as const;
export type ReferenceAgeBand = (typeof REFERENCE_AGE_BANDS)[number]['key'];

export function referenceAgeBandOf(ageYears: number): ReferenceAgeBand | null {
  if (!Number.isFinite(ageYears)) return null;
  return (
    REFERENCE_AGE_BANDS.find((band) => ageYears >= band.fromYears && ageYears < band.toYears)?.key ?? null
  );
}

/** The populations a parameter's ranges are written for (spec.md §3 'Parameter'). */
export const REFERENCE_RANGE_CATEGORIES = [
  'default',
  'adultMale',
  'adultFemale',
  'pregnant',
  'newborn',
  'age0to1',
  'age1to6',
  'age6to15',
] as const satisfies readonly string[];
export const referenceRangeCategorySchema = z.enum(REFERENCE_RANGE_CATEGORIES);
export type ReferenceRangeCategory = z.infer<typeof referenceRangeCategorySchema>;

// ---- Prescribers ------------------------------------------------------------------------------

/**
 * Specialty codes of the health insurance (nomenclature 'Spécialité Assurance Maladie', ANS table
 * TRE-G100, OID 1.2.250.1.71.1.2.38) in the 0–80 range of spec.md §9, whose gaps at 25, 52 and
 * 55–59 follow the table before its 2022 and 2024 additions. Codes 60–68 keep the supplier wording
 * of that earlier table ('60–62 suppliers' in the spec). 0 means not specified.
 */
export const PRESCRIBER_SPECIALTIES = [
  { code: 0, label: 'Non précisée' },
  { code: 1, label: 'Médecine générale' },
  { code: 2, label: 'Anesthésiologie-réanimation chirurgicale' },
  { code: 3, label: 'Pathologie cardio-vasculaire' },
  { code: 4, label: 'Chirurgie générale' },
  { code: 5, label: 'Dermatologie et vénéréologie' },
  { code: 6, label: 'Radiodiagnostic et imagerie médicale' },
  { code: 7, label: 'Gynécologie obstétrique' },
  { code: 8, label: 'Gastro-entérologie et hépatologie' },
  { code: 9, label: 'Médecine interne' },
  { code: 10, label: 'Neurochirurgie' },
  { code: 11, label: 'Oto-rhino-laryngologie' },
  { code: 12, label: 'Pédiatrie' },
  { code: 13, label: 'Pneumologie' },
  { code: 14, label: 'Rhumatologie' },
  { code: 15, label: 'Ophtalmologie' },
  { code: 16, label: 'Chirurgie urologique' },
  { code: 17, label: 'Neuropsychiatrie' },
  { code: 18, label: 'Stomatologie' },
  { code: 19, label: 'Chirurgie dentaire' },
  { code: 20, label: 'Réanimation médicale' },
  { code: 21, label: 'Sage-femme' },
  { code: 22, label: 'Spécialité médecine générale' },
  { code: 23, label: 'Reconnaissance spécialité médecine générale' },
  { code: 24, label: 'Infirmier' },
  { code: 26, label: 'Masseur-kinésithérapeute' },
  { code: 27, label: 'Pédicure-podologue' },
  { code: 28, label: 'Orthophoniste' },
  { code: 29, label: 'Orthoptiste' },
  { code: 30, label: "Laboratoire d'analyses médicales" },
  { code: 31, label: 'Médecine physique et de réadaptation' },
  { code: 32, label: 'Neurologie' },
  { code: 33, label: 'Psychiatrie générale' },
  { code: 34, label: 'Gériatrie' },
  { code: 35, label: 'Néphrologie' },
  { code: 36, label: 'Chirurgie dentaire (spécialité orthopédie dento-faciale)' },
  { code: 37, label: 'Anatomie et cytologie pathologiques' },
  { code: 38, label: 'Médecin biologiste' },
  { code: 39, label: 'Laboratoire polyvalent' },
  { code: 40, label: "Laboratoire d'anatomie et cytologie pathologiques" },
  { code: 41, label: 'Chirurgie orthopédique et traumatologie' },
  { code: 42, label: 'Endocrinologie et métabolismes' },
  { code: 43, label: 'Chirurgie infantile' },
  { code: 44, label: 'Chirurgie maxillo-faciale' },
  { code: 45, label: 'Chirurgie maxillo-faciale et stomatologie' },
  { code: 46, label: 'Chirurgie plastique reconstructrice et esthétique' },
  { code: 47, label: 'Chirurgie thoracique et cardio-vasculaire' },
  { code: 48, label: 'Chirurgie vasculaire' },
  { code: 49, label: 'Chirurgie viscérale et digestive' },
  { code: 50, label: 'Pharmacien' },
  { code: 51, label: 'Pharmacien mutualiste' },
  { code: 53, label: 'Chirurgien-dentiste spécialité chirurgie orale' },
  { code: 54, label: 'Chirurgien-dentiste spécialité médecine bucco-dentaire' },
  { code: 60, label: 'Prestataire de type société' },
  { code: 61, label: 'Prestataire artisan' },
  { code: 62, label: 'Prestataire de type association' },
  { code: 63, label: 'Orthésiste' },
  { code: 64, label: 'Opticien' },
  { code: 65, label: 'Audioprothésiste' },
  { code: 66, label: 'Épithésiste oculariste' },
  { code: 67, label: 'Podo-orthésiste' },
  { code: 68, label: 'Orthoprothésiste' },
  { code: 69, label: 'Chirurgie orale' },
  { code: 70, label: 'Gynécologie médicale' },
  { code: 71, label: 'Hématologie' },
  { code: 72, label: 'Médecine nucléaire' },
  { code: 73, label: 'Oncologie médicale' },
  { code: 74, label: 'Oncologie radiothérapique' },
  { code: 75, label: "Psychiatrie de l'enfant et de l'adolescent" },
  { code: 76, label: 'Radiothérapie' },
  { code: 77, label: 'Obstétrique' },
  { code: 78, label: 'Génétique médicale' },
  { code: 79, label: 'Gynécologie obstétrique et gynécologie médicale' },
  { code: 80, label: 'Santé publique et médecine sociale' },
] as const;
export type SpecialtyCode = (typeof PRESCRIBER_SPECIALTIES)[number]['code'];
export const SPECIALTY_CODES = PRESCRIBER_SPECIALTIES.map(
  (specialty) => specialty.code,
) as readonly SpecialtyCode[];
export const specialtyCodeSchema = integerIn(SPECIALTY_CODES);

export function specialtyLabel(code: number): string | null {
  return PRESCRIBER_SPECIALTIES.find((specialty) => specialty.code === code)?.label ?? null;
}
