import type { BiologyChapter, ReferenceRangeCategory } from '@sil/contract';

/**
 * The demo laboratory's catalogue, written by hand. Units and reference ranges are the usual adult
 * values of French laboratories as printed in reagent inserts (Roche Cobas, Sysmex, Stago) and the
 * SFBC / HAS recommendations cited beside each; NABM codes and B coefficients are those of the
 * national nomenclature (NABM, Assurance Maladie), checked against it by the test beside. They
 * make the demo look like a laboratory; they are not a laboratory's validated ranges.
 */

export type Tube = 'edta' | 'dry' | 'citrate' | 'heparin' | 'fluoride' | 'urine';
export type MatrixKey = 'wholeBlood' | 'serum' | 'plasma' | 'urine' | 'blood';
export type FamilyKey =
  | 'haematology'
  | 'biochemistry'
  | 'hormones'
  | 'serology'
  | 'haemostasis'
  | 'toxicology';
export type MachineKey = 'sysmex' | 'c503' | 'e801' | 'sta' | 'lcms' | 'gc';

export const MATRICES: Record<MatrixKey, string> = {
  blood: 'Sang',
  wholeBlood: 'Sang total',
  serum: 'Sérum',
  plasma: 'Plasma',
  urine: 'Urine',
};

export const TUBES: Record<Tube, { name: string; description: string }> = {
  edta: { name: 'Tube EDTA', description: 'Bouchon violet, anticoagulant EDTA K2' },
  dry: { name: 'Tube sec', description: 'Bouchon rouge ou jaune (gel séparateur)' },
  citrate: { name: 'Tube citraté', description: 'Bouchon bleu, citrate 0,109 M, remplissage exact' },
  heparin: { name: 'Tube hépariné', description: 'Bouchon vert, héparinate de lithium' },
  fluoride: { name: 'Tube fluoré', description: 'Bouchon gris, fluorure de sodium / oxalate' },
  urine: { name: 'Flacon urine', description: 'Flacon stérile 60 mL' },
};

/**
 * The families and the report chapter (LOINC, BIOLOGY_CHAPTERS) each is exchanged under; the
 * serology family holds viral screens mostly, hence 'Sérologie virale'.
 */
export const FAMILIES: Record<FamilyKey, { name: string; rank: number; chapter: BiologyChapter }> = {
  haematology: { name: 'Hématologie', rank: 1, chapter: '18723-7' },
  haemostasis: { name: 'Hémostase', rank: 2, chapter: '18720-3' },
  biochemistry: { name: 'Biochimie', rank: 3, chapter: '18719-5' },
  hormones: { name: 'Hormonologie', rank: 4, chapter: '92895-2' },
  serology: { name: 'Immunologie / sérologie', rank: 5, chapter: '92893-7' },
  toxicology: { name: 'Toxicologie', rank: 6, chapter: '18728-6' },
};

export const MACHINES: Record<MachineKey, { name: string; code: string; location: string }> = {
  sysmex: { name: 'Sysmex XN-1000', code: 'XN1000', location: 'Plateau hématologie' },
  c503: { name: 'Cobas c 503', code: 'C503', location: 'Plateau biochimie' },
  e801: { name: 'Cobas e 801', code: 'E801', location: 'Plateau biochimie' },
  sta: { name: 'STA R Max', code: 'STAR', location: 'Plateau hémostase' },
  lcms: { name: 'LC-MS/MS (Xevo TQ-S)', code: 'LCMS', location: 'Toxicologie' },
  gc: { name: 'HS-GC-FID (Agilent 8890)', code: 'HSGC', location: 'Toxicologie' },
};

/** NABM acts the demo bills (code, wording shortened by hand, coefficient B). */
export const NABM_ACTS: Array<{ code: string; wording: string; coef: number; chapter: string }> = [
  { code: '1104', wording: 'Hémogramme y compris plaquettes (NFS)', coef: 26, chapter: '06' },
  { code: '0552', wording: 'Glucose', coef: 5, chapter: '05' },
  { code: '0592', wording: 'Créatinine (avec estimation du DFG)', coef: 6, chapter: '05' },
  { code: '1610', wording: 'Ionogramme complet', coef: 22, chapter: '05' },
  { code: '0996', wording: 'Exploration d’une anomalie lipidique (EAL)', coef: 20, chapter: '05' },
  { code: '1577', wording: 'HbA1c : dosage', coef: 25, chapter: '05' },
  { code: '1804', wording: 'Protéine C réactive (CRP)', coef: 9, chapter: '05' },
  { code: '1208', wording: 'TSH', coef: 25, chapter: '07' },
  { code: '1207', wording: 'Thyroxine libre (T4L)', coef: 27, chapter: '07' },
  { code: '1213', wording: 'Ferritine', coef: 25, chapter: '05' },
  { code: '0126', wording: 'Temps de Quick (taux de prothrombine)', coef: 17, chapter: '06' },
  { code: '0127', wording: 'Temps de Quick sous AVK (INR)', coef: 20, chapter: '06' },
  { code: '1127', wording: 'Temps de céphaline avec activateur (TCA)', coef: 17, chapter: '06' },
  { code: '0388', wording: 'Infection à VIH 1 et 2 : sérodiagnostic de dépistage', coef: 50, chapter: '02' },
  { code: '3784', wording: 'Dépistage des anticorps anti-VHC', coef: 55, chapter: '02' },
  { code: '1420', wording: 'Anticorps anti-Toxoplasma (dépistage)', coef: 40, chapter: '02' },
  { code: '0522', wording: 'Transaminases (ALAT et ASAT)', coef: 10, chapter: '05' },
  { code: '0519', wording: 'Gamma glutamyl transférase (GGT)', coef: 6, chapter: '05' },
  { code: '0514', wording: 'Phosphatases alcalines', coef: 6, chapter: '05' },
  { code: '0578', wording: 'Calcium', coef: 6, chapter: '05' },
  { code: '7402', wording: 'HCG ou bêta-HCG dans le sang', coef: 30, chapter: '07' },
  { code: '0534', wording: 'Alcool (éthylique ou méthylique)', coef: 30, chapter: '09' },
];

/** A range line: population, min, max (null = open), optional comment. */
type RangeLine = [ReferenceRangeCategory, number | null, number | null, string?];

export interface DemoParameter {
  name: string;
  code: string;
  unit: string;
  decimals: number;
  ranges?: RangeLine[];
  formula?: string;
  formulaMale?: string;
  formulaFemale?: string;
  unitAfter?: string;
  lod?: number;
  upperLimit?: number;
  threshold?: number;
  zones?: Partial<Record<'therapeutic' | 'toxic' | 'deadly', { min: number | null; max: number | null }>>;
  method?: string;
  forensic?: boolean;
}

export interface DemoAnalysis {
  name: string;
  family: FamilyKey;
  tube: Tube;
  matrix: MatrixKey;
  machine: MachineKey;
  nabm: string[];
  parameters: DemoParameter[];
  forensic?: boolean;
  samplingTime?: boolean;
  /** On the laboratory's list of results hidden from the patient in the DMP (docs/dmp.md). */
  dmpInvisible?: boolean;
}

/**
 * CKD-EPI 2009 without the ethnic factor, as HAS advises, from the record's creatinine result
 * (`$CREA`, in µmol/L; ÷ 88.4 gives mg/dL, the unit of the equation).
 */
const ckdEpi = (kappa: number, alpha: number, female: boolean) =>
  `141 * pow(min($CREA / 88.4 / ${kappa}, 1), ${alpha}) * pow(max($CREA / 88.4 / ${kappa}, 1), -1.209) * pow(0.993, age)${female ? ' * 1.018' : ''}`;

/** Qualitative screening read as a cut-off index (COI ≥ 1 reactive, Roche Elecsys inserts). */
const screening = (name: string, code: string): DemoParameter => ({
  name,
  code,
  unit: 'COI',
  decimals: 2,
  threshold: 1,
  method: 'ECLIA',
});

export const ANALYSES: DemoAnalysis[] = [
  {
    name: 'NFS (hémogramme)',
    family: 'haematology',
    tube: 'edta',
    matrix: 'wholeBlood',
    machine: 'sysmex',
    nabm: ['1104'],
    parameters: [
      // Haemoglobin: adult values of the SFH; pregnancy threshold of the WHO (anaemia < 11 g/dL).
      {
        name: 'Hémoglobine',
        code: 'HB',
        unit: 'g/dL',
        decimals: 1,
        ranges: [
          ['adultMale', 13, 17],
          ['adultFemale', 12, 16],
          ['pregnant', 11, 15],
          ['newborn', 14, 22],
          ['age0to1', 10, 14],
          ['age1to6', 11, 14],
          ['age6to15', 11.5, 15.5],
          ['default', 12, 17],
        ],
      },
      {
        name: 'Hématies',
        code: 'GR',
        unit: 'T/L',
        decimals: 2,
        ranges: [
          ['adultMale', 4.5, 5.9],
          ['adultFemale', 3.9, 5.2],
          ['default', 3.9, 5.9],
        ],
      },
      {
        name: 'Hématocrite',
        code: 'HT',
        unit: '%',
        decimals: 1,
        ranges: [
          ['adultMale', 40, 52],
          ['adultFemale', 36, 48],
          ['default', 36, 52],
        ],
      },
      { name: 'VGM', code: 'VGM', unit: 'fL', decimals: 1, ranges: [['default', 80, 100]] },
      {
        name: 'Leucocytes',
        code: 'GB',
        unit: 'G/L',
        decimals: 2,
        ranges: [
          ['newborn', 9, 30],
          ['age0to1', 6, 17.5],
          ['age1to6', 5.5, 15.5],
          ['age6to15', 4.5, 13.5],
          ['default', 4, 10],
        ],
      },
      { name: 'Plaquettes', code: 'PLQ', unit: 'G/L', decimals: 0, ranges: [['default', 150, 400]] },
    ],
  },
  {
    name: 'Glycémie à jeun',
    family: 'biochemistry',
    tube: 'fluoride',
    matrix: 'plasma',
    machine: 'c503',
    nabm: ['0552'],
    parameters: [
      // HAS: diabetes from 1.26 g/L fasting; gestational diabetes from 0.92 g/L (CNGOF 2010).
      {
        name: 'Glucose',
        code: 'GLU',
        unit: 'g/L',
        decimals: 2,
        formula: 'x * 5.551',
        unitAfter: 'mmol/L',
        ranges: [
          ['pregnant', 0.7, 0.92],
          ['default', 0.7, 1.1],
        ],
        method: 'Hexokinase',
      },
    ],
  },
  {
    name: 'Créatinine et DFG (CKD-EPI)',
    family: 'biochemistry',
    tube: 'heparin',
    matrix: 'plasma',
    machine: 'c503',
    nabm: ['0592'],
    parameters: [
      {
        name: 'Créatinine',
        code: 'CREA',
        unit: 'µmol/L',
        decimals: 0,
        ranges: [
          ['adultMale', 59, 104],
          ['adultFemale', 45, 84],
          ['age0to1', 14, 34],
          ['age1to6', 20, 45],
          ['age6to15', 30, 70],
          ['default', 45, 104],
        ],
        method: 'Enzymatique',
      },
      // Calculated from the record's creatinine ($CREA, decision 0015), never typed again: the
      // technician enters the creatinine once and the eGFR follows it.
      {
        name: 'DFG estimé (CKD-EPI 2009)',
        code: 'DFG',
        unit: 'mL/min/1,73 m²',
        decimals: 0,
        formula: ckdEpi(0.9, -0.411, false),
        formulaMale: ckdEpi(0.9, -0.411, false),
        formulaFemale: ckdEpi(0.7, -0.329, true),
      },
    ],
  },
  {
    name: 'Ionogramme sanguin',
    family: 'biochemistry',
    tube: 'heparin',
    matrix: 'plasma',
    machine: 'c503',
    nabm: ['1610'],
    parameters: [
      { name: 'Sodium', code: 'NA', unit: 'mmol/L', decimals: 0, ranges: [['default', 136, 145]] },
      {
        name: 'Potassium',
        code: 'K',
        unit: 'mmol/L',
        decimals: 1,
        ranges: [
          ['newborn', 3.7, 5.9],
          ['default', 3.5, 5.1],
        ],
      },
      { name: 'Chlore', code: 'CL', unit: 'mmol/L', decimals: 0, ranges: [['default', 98, 107]] },
    ],
  },
  {
    name: 'Bilan lipidique (EAL)',
    family: 'biochemistry',
    tube: 'dry',
    matrix: 'serum',
    machine: 'c503',
    nabm: ['0996'],
    parameters: [
      // Targets of the HAS 2017 sheet on cardiovascular risk; g/L → mmol/L by molar mass.
      {
        name: 'Cholestérol total',
        code: 'CT',
        unit: 'g/L',
        decimals: 2,
        formula: 'x * 2.586',
        unitAfter: 'mmol/L',
        ranges: [['default', null, 2]],
      },
      {
        name: 'Cholestérol HDL',
        code: 'HDL',
        unit: 'g/L',
        decimals: 2,
        formula: 'x * 2.586',
        unitAfter: 'mmol/L',
        ranges: [
          ['adultMale', 0.4, null],
          ['adultFemale', 0.5, null],
          ['default', 0.4, null],
        ],
      },
      {
        name: 'Triglycérides',
        code: 'TG',
        unit: 'g/L',
        decimals: 2,
        formula: 'x * 1.143',
        unitAfter: 'mmol/L',
        ranges: [['default', null, 1.5]],
      },
      // Calculated from the results above in mmol/L, never typed: Friedewald holds only while
      // triglycerides stay below 4.5 mmol/L (beyond, the bench says why there is no LDL); the
      // non-HDL target is the LDL target + 0.8 mmol/L (ESC/EAS 2019).
      {
        name: 'Cholestérol LDL (Friedewald)',
        code: 'LDL',
        unit: 'mmol/L',
        decimals: 2,
        formula: 'when($TG < 4.5, $CT - $HDL - $TG / 2.2)',
        ranges: [['default', null, 4.1]],
      },
      {
        name: 'Cholestérol non-HDL',
        code: 'NONHDL',
        unit: 'mmol/L',
        decimals: 2,
        formula: '$CT - $HDL',
        ranges: [['default', null, 4.9]],
      },
    ],
  },
  {
    name: 'Hémoglobine glyquée (HbA1c)',
    family: 'biochemistry',
    tube: 'edta',
    matrix: 'wholeBlood',
    machine: 'c503',
    nabm: ['1577'],
    parameters: [
      // IFCC from NGSP: mmol/mol = (% − 2.15) × 10.929 (IFCC master equation).
      {
        name: 'HbA1c',
        code: 'HBA1C',
        unit: '%',
        decimals: 1,
        formula: '(x - 2.15) * 10.929',
        unitAfter: 'mmol/mol',
        ranges: [['default', 4, 6]],
      },
    ],
  },
  {
    name: 'CRP',
    family: 'biochemistry',
    tube: 'dry',
    matrix: 'serum',
    machine: 'c503',
    nabm: ['1804'],
    parameters: [
      {
        name: 'Protéine C réactive',
        code: 'CRP',
        unit: 'mg/L',
        decimals: 1,
        lod: 0.6,
        upperLimit: 350,
        ranges: [['default', null, 5]],
      },
    ],
  },
  {
    name: 'TSH',
    family: 'hormones',
    tube: 'dry',
    matrix: 'serum',
    machine: 'e801',
    nabm: ['1208'],
    parameters: [
      {
        name: 'TSH',
        code: 'TSH',
        unit: 'mUI/L',
        decimals: 3,
        lod: 0.005,
        upperLimit: 100,
        ranges: [['default', 0.27, 4.2]],
      },
    ],
  },
  {
    name: 'T4 libre',
    family: 'hormones',
    tube: 'dry',
    matrix: 'serum',
    machine: 'e801',
    nabm: ['1207'],
    parameters: [
      { name: 'T4 libre', code: 'FT4', unit: 'pmol/L', decimals: 1, ranges: [['default', 12, 22]] },
    ],
  },
  {
    name: 'Bêta-hCG plasmatique',
    family: 'hormones',
    tube: 'dry',
    matrix: 'serum',
    machine: 'e801',
    nabm: ['7402'],
    parameters: [{ name: 'hCG totale', code: 'HCG', unit: 'UI/L', decimals: 1, threshold: 5, lod: 0.1 }],
  },
  {
    name: 'Ferritine',
    family: 'biochemistry',
    tube: 'dry',
    matrix: 'serum',
    machine: 'e801',
    nabm: ['1213'],
    parameters: [
      {
        name: 'Ferritine',
        code: 'FERR',
        unit: 'µg/L',
        decimals: 0,
        ranges: [
          ['adultMale', 30, 400],
          ['adultFemale', 13, 150],
          ['default', 13, 400],
        ],
      },
    ],
  },
  {
    name: 'TP / INR',
    family: 'haemostasis',
    tube: 'citrate',
    matrix: 'plasma',
    machine: 'sta',
    nabm: ['0126'],
    parameters: [
      { name: 'Taux de prothrombine', code: 'TP', unit: '%', decimals: 0, ranges: [['default', 70, 100]] },
      {
        name: 'INR',
        code: 'INR',
        unit: '',
        decimals: 2,
        ranges: [['default', 0.8, 1.2, 'Sous AVK : cible 2 à 3 (valves mécaniques 2,5 à 3,5)']],
      },
    ],
  },
  {
    name: 'TCA',
    family: 'haemostasis',
    tube: 'citrate',
    matrix: 'plasma',
    machine: 'sta',
    nabm: ['1127'],
    parameters: [
      {
        name: 'TCA (ratio patient / témoin)',
        code: 'TCA',
        unit: '',
        decimals: 2,
        ranges: [['default', 0.8, 1.2]],
      },
    ],
  },
  {
    name: 'Fibrinogène',
    family: 'haemostasis',
    tube: 'citrate',
    matrix: 'plasma',
    machine: 'sta',
    nabm: [],
    parameters: [{ name: 'Fibrinogène', code: 'FIB', unit: 'g/L', decimals: 2, ranges: [['default', 2, 4]] }],
  },
  {
    name: 'D-dimères',
    family: 'haemostasis',
    tube: 'citrate',
    matrix: 'plasma',
    machine: 'sta',
    nabm: [],
    parameters: [
      // Exclusion threshold of venous thrombo-embolism (500 µg/L FEU; age × 10 after 50, HAS).
      { name: 'D-dimères', code: 'DDI', unit: 'µg/L FEU', decimals: 0, threshold: 500, lod: 270 },
    ],
  },
  {
    name: 'Transaminases (ASAT, ALAT)',
    family: 'biochemistry',
    tube: 'dry',
    matrix: 'serum',
    machine: 'c503',
    nabm: ['0522'],
    parameters: [
      {
        name: 'ASAT',
        code: 'ASAT',
        unit: 'UI/L',
        decimals: 0,
        ranges: [
          ['adultMale', null, 40],
          ['adultFemale', null, 32],
          ['default', null, 40],
        ],
      },
      {
        name: 'ALAT',
        code: 'ALAT',
        unit: 'UI/L',
        decimals: 0,
        ranges: [
          ['adultMale', null, 41],
          ['adultFemale', null, 33],
          ['default', null, 41],
        ],
      },
    ],
  },
  {
    name: 'Gamma-GT',
    family: 'biochemistry',
    tube: 'dry',
    matrix: 'serum',
    machine: 'c503',
    nabm: ['0519'],
    parameters: [
      {
        name: 'Gamma-GT',
        code: 'GGT',
        unit: 'UI/L',
        decimals: 0,
        ranges: [
          ['adultMale', 10, 71],
          ['adultFemale', 6, 42],
          ['default', 6, 71],
        ],
      },
    ],
  },
  {
    name: 'Phosphatases alcalines',
    family: 'biochemistry',
    tube: 'dry',
    matrix: 'serum',
    machine: 'c503',
    nabm: ['0514'],
    parameters: [
      {
        name: 'Phosphatases alcalines',
        code: 'PAL',
        unit: 'UI/L',
        decimals: 0,
        ranges: [
          ['adultMale', 40, 130],
          ['adultFemale', 35, 105],
          ['age6to15', 100, 390],
          ['default', 35, 130],
        ],
      },
    ],
  },
  {
    name: 'Calcémie',
    family: 'biochemistry',
    tube: 'dry',
    matrix: 'serum',
    machine: 'c503',
    nabm: ['0578'],
    parameters: [
      {
        name: 'Calcium',
        code: 'CA',
        unit: 'mmol/L',
        decimals: 2,
        ranges: [
          ['age1to6', 2.2, 2.7],
          ['default', 2.15, 2.55],
        ],
      },
    ],
  },
  {
    name: 'Uricémie',
    family: 'biochemistry',
    tube: 'dry',
    matrix: 'serum',
    machine: 'c503',
    nabm: [],
    parameters: [
      {
        name: 'Acide urique',
        code: 'URIC',
        unit: 'µmol/L',
        decimals: 0,
        ranges: [
          ['adultMale', 200, 420],
          ['adultFemale', 140, 360],
          ['default', 140, 420],
        ],
      },
    ],
  },
  {
    name: 'Sérologie VIH (Ag p24 / Ac anti-VIH 1 et 2)',
    family: 'serology',
    tube: 'dry',
    matrix: 'serum',
    machine: 'e801',
    nabm: ['0388'],
    parameters: [screening('VIH Combi (Ag/Ac)', 'HIVCOMBI')],
    // An HIV result is announced in a consultation before the patient reads it.
    dmpInvisible: true,
  },
  {
    name: 'Antigène HBs',
    family: 'serology',
    tube: 'dry',
    matrix: 'serum',
    machine: 'e801',
    nabm: [],
    parameters: [screening('Ag HBs', 'HBSAG')],
  },
  {
    name: 'Sérologie hépatite C',
    family: 'serology',
    tube: 'dry',
    matrix: 'serum',
    machine: 'e801',
    nabm: ['3784'],
    parameters: [screening('Ac anti-VHC', 'HCV')],
  },
  {
    name: 'Sérologie toxoplasmose (IgG, IgM)',
    family: 'serology',
    tube: 'dry',
    matrix: 'serum',
    machine: 'e801',
    nabm: ['1420'],
    parameters: [
      // Elecsys Toxo IgG: < 1 UI/mL non réactif, 1 à 3 équivoque, ≥ 3 réactif.
      { name: 'Toxoplasmose IgG', code: 'TOXOG', unit: 'UI/mL', decimals: 1, threshold: 3, lod: 0.13 },
      screening('Toxoplasmose IgM', 'TOXOM'),
    ],
  },
  {
    name: 'Éthanol sanguin',
    family: 'toxicology',
    tube: 'fluoride',
    matrix: 'wholeBlood',
    machine: 'gc',
    nabm: ['0534'],
    forensic: true,
    samplingTime: true,
    parameters: [
      // Road-safety offence from 0.5 g/L (Code de la route R234-1); coma and death zones of
      // clinical toxicology handbooks.
      {
        name: 'Éthanol',
        code: 'ETOH',
        unit: 'g/L',
        decimals: 2,
        lod: 0.05,
        threshold: 0.5,
        method: 'HS-GC-FID',
        forensic: true,
        zones: { toxic: { min: 1, max: 3.99 }, deadly: { min: 4, max: null } },
      },
    ],
  },
  {
    name: 'Cannabinoïdes (THC, THC-COOH)',
    family: 'toxicology',
    tube: 'fluoride',
    matrix: 'wholeBlood',
    machine: 'lcms',
    nabm: [],
    forensic: true,
    samplingTime: true,
    parameters: [
      // Detection thresholds in blood of the arrêté of 13 December 2016 (road-side drug testing).
      {
        name: 'THC',
        code: 'THC',
        unit: 'ng/mL',
        decimals: 1,
        lod: 0.5,
        threshold: 0.5,
        method: 'LC-MS/MS',
        forensic: true,
      },
      {
        name: 'THC-COOH',
        code: 'THCCOOH',
        unit: 'ng/mL',
        decimals: 1,
        lod: 0.5,
        threshold: 0.5,
        method: 'LC-MS/MS',
        forensic: true,
      },
    ],
  },
  {
    name: 'Cocaïne et benzoylecgonine',
    family: 'toxicology',
    tube: 'fluoride',
    matrix: 'wholeBlood',
    machine: 'lcms',
    nabm: [],
    forensic: true,
    samplingTime: true,
    parameters: [
      {
        name: 'Cocaïne',
        code: 'COC',
        unit: 'ng/mL',
        decimals: 1,
        lod: 1,
        threshold: 10,
        method: 'LC-MS/MS',
        forensic: true,
      },
      {
        name: 'Benzoylecgonine',
        code: 'BZE',
        unit: 'ng/mL',
        decimals: 1,
        lod: 1,
        threshold: 10,
        method: 'LC-MS/MS',
        forensic: true,
      },
    ],
  },
  {
    name: 'Opiacés (morphine, codéine, 6-MAM)',
    family: 'toxicology',
    tube: 'fluoride',
    matrix: 'wholeBlood',
    machine: 'lcms',
    nabm: [],
    forensic: true,
    samplingTime: true,
    parameters: [
      {
        name: 'Morphine',
        code: 'MOR',
        unit: 'ng/mL',
        decimals: 1,
        lod: 1,
        threshold: 10,
        method: 'LC-MS/MS',
        forensic: true,
      },
      {
        name: 'Codéine',
        code: 'COD',
        unit: 'ng/mL',
        decimals: 1,
        lod: 1,
        threshold: 10,
        method: 'LC-MS/MS',
        forensic: true,
      },
      {
        name: '6-monoacétylmorphine',
        code: '6MAM',
        unit: 'ng/mL',
        decimals: 1,
        lod: 0.5,
        threshold: 1,
        method: 'LC-MS/MS',
        forensic: true,
      },
    ],
  },
  {
    name: 'Éthanol urinaire',
    family: 'toxicology',
    tube: 'urine',
    matrix: 'urine',
    machine: 'gc',
    nabm: [],
    forensic: true,
    parameters: [
      {
        name: 'Éthanol urinaire',
        code: 'ETOHU',
        unit: 'g/L',
        decimals: 2,
        lod: 0.05,
        threshold: 0.1,
        method: 'HS-GC-FID',
        forensic: true,
      },
    ],
  },
];

/**
 * The LOINC code of each demo parameter that has one, by parameter code (issue 16: the exchange
 * formats code results with it). The toxicology screens, the screening indices (COI, whose LOINC
 * terms are presence, not a number) and the ratios without a single LOINC term in French use are
 * left uncoded.
 */
export const DEMO_LOINC: Readonly<Record<string, string>> = {
  HB: '718-7',
  GR: '789-8',
  HT: '4544-3',
  VGM: '787-2',
  GB: '6690-2',
  PLQ: '777-3',
  GLU: '2345-7',
  CREA: '14682-9',
  DFG: '62238-1',
  NA: '2951-2',
  K: '2823-3',
  CL: '2075-0',
  CT: '2093-3',
  HDL: '2085-9',
  TG: '2571-8',
  LDL: '39469-2',
  NONHDL: '70204-3',
  HBA1C: '4548-4',
  CRP: '1988-5',
  TSH: '3016-3',
  FT4: '14920-3',
  HCG: '19080-1',
  FERR: '2276-4',
  TP: '5894-1',
  INR: '6301-6',
  FIB: '3255-7',
  DDI: '48065-7',
  ASAT: '1920-8',
  ALAT: '1742-6',
  GGT: '2324-2',
  PAL: '6768-6',
  CA: '2000-8',
  URIC: '14933-6',
  TOXOG: '8039-0',
};

/**
 * The plausibility limits of each measured demo parameter, by code, in its measured unit: [minimum,
 * maximum], a measure outside being refused (outOfBounds) where a range only flags. They are
 * physical bounds, wide of the most extreme values reported in clinical practice (hypernatraemia
 * near 250 mmol/L, chylomicronaemia near 100 g/L of triglycerides, leukaemic leucocytosis near
 * 1,000 G/L, hepatitis transaminases in the tens of thousands UI/L), so that they catch a slip (a
 * minus typed, a misplaced decimal mark, a wrong unit) and never a true result. A null minimum is
 * the default 0: none of these is ever negative. Screening indices (COI), hCG and ferritin span
 * too many orders of magnitude for a written maximum: only the default minimum holds. The results
 * calculated from others (eGFR, LDL, non-HDL) are not typed, hence not listed.
 */
export const DEMO_PLAUSIBLE: Readonly<Record<string, readonly [number | null, number | null]>> = {
  HB: [null, 30],
  GR: [null, 15],
  HT: [null, 100],
  VGM: [null, 200],
  GB: [null, 1000],
  PLQ: [null, 5000],
  GLU: [null, 20],
  CREA: [null, 5000],
  NA: [null, 300],
  K: [null, 30],
  CL: [null, 250],
  CT: [null, 30],
  HDL: [null, 5],
  TG: [null, 150],
  HBA1C: [null, 25],
  CRP: [null, 1000],
  TSH: [null, 1000],
  FT4: [null, 200],
  HCG: [null, null],
  FERR: [null, null],
  TP: [null, 200],
  INR: [null, 30],
  TCA: [null, 20],
  FIB: [null, 20],
  DDI: [null, 200_000],
  ASAT: [null, 50_000],
  ALAT: [null, 50_000],
  GGT: [null, 20_000],
  PAL: [null, 20_000],
  CA: [null, 10],
  URIC: [null, 3000],
  HIVCOMBI: [null, null],
  HBSAG: [null, null],
  HCV: [null, null],
  TOXOG: [null, 10_000],
  TOXOM: [null, null],
  ETOH: [null, 15],
  THC: [null, 1000],
  THCCOOH: [null, 2000],
  COC: [null, 100_000],
  BZE: [null, 100_000],
  MOR: [null, 10_000],
  COD: [null, 10_000],
  '6MAM': [null, 10_000],
  ETOHU: [null, 15],
};
