/** Code systems, identifier roots and template ids the CR-BIO document uses. */
export const OID = {
  loinc: '2.16.840.1.113883.6.1',
  interpretation: '2.16.840.1.113883.5.83',
  confidentiality: '2.16.840.1.113883.5.25',
  gender: '2.16.840.1.113883.5.1',
  actCode: '2.16.840.1.113883.5.4',
  /** The national identifier of health professionals (8 then the RPPS number). */
  nationalPs: '1.2.250.1.71.4.2.1',
  finess: '1.2.250.1.71.4.2.2',
  /** Professions and specialties of the national directory (TRE_G15 / R38). */
  profession: '1.2.250.1.213.1.1.4.5',
  /** Activity sectors of the national directory (TRE_R02). */
  sector: '1.2.250.1.71.4.2.4',
  nabm: '1.2.250.1.213.2.4',
  /** Local identifiers of the system (patients, records, users, catalogue codes): its own root. */
  local: '1.2.250.1.999.1',
} as const;

export const TEMPLATES = {
  /** HL7 France realm, CI-SIS structured document, CR-BIO 2021.01 (IHE XD-LAB). */
  document: ['2.16.840.1.113883.2.8.2.1', '1.2.250.1.213.1.1.1.1'],
  crBio: '1.3.6.1.4.1.19376.1.3.3',
  chapterSection: ['1.3.6.1.4.1.19376.1.3.3.2.1', '1.2.250.1.213.1.1.2.70'],
  analysisSection: ['1.3.6.1.4.1.19376.1.3.3.2.2', '1.2.250.1.213.1.1.2.71'],
  commentSection: '1.3.6.1.4.1.19376.1.4.1.2.16',
  entry: ['1.3.6.1.4.1.19376.1.3.1', '1.2.250.1.213.1.1.3.21'],
  battery: ['1.3.6.1.4.1.19376.1.3.1.4', '1.2.250.1.213.1.1.3.78'],
  result: ['1.3.6.1.4.1.19376.1.3.1.6', '1.2.250.1.213.1.1.3.80'],
  comment: ['2.16.840.1.113883.10.20.1.40', '1.3.6.1.4.1.19376.1.5.3.1.4.2', '1.2.250.1.213.1.1.3.32'],
} as const;

/** The LOINC code of a comment, for comment entries and comment sections. */
export const COMMENT_CODE = { code: '48767-8', displayName: 'Commentaire' } as const;

/** French names of the HL7 interpretation codes the product sends. */
export const INTERPRETATION_LABELS: Record<string, string> = {
  L: 'Bas',
  H: 'Haut',
  A: 'Anormal',
  AA: 'Très anormal',
  POS: 'Positif',
  NEG: 'Négatif',
  '<': 'Inférieur à la limite de détection',
  '>': 'Supérieur à la limite de mesure',
  N: 'Normal',
};

/** Name prefixes the national tables accept (civility and professional civility), by product title. */
const PREFIXES: Record<string, string> = {
  dr: 'DR',
  pr: 'PR',
  mr: 'M',
  m: 'M',
  mme: 'MME',
  mrs: 'MME',
  ms: 'MME',
  mlle: 'MLLE',
  miss: 'MLLE',
};
export const namePrefix = (title: string | undefined) =>
  title ? PREFIXES[title.trim().replace(/\.$/, '').toLowerCase()] : undefined;

/**
 * A person's name written in one field ('Dr Claire Bernard', 'Jean DUPONT'), split as the
 * national documents need it: a leading title becomes the prefix, the words in capitals (or else
 * the last word) the family name, the rest the given name.
 */
export function splitName(full: string): { prefix?: string; given?: string; family: string } {
  const words = full.trim().split(/\s+/).filter(Boolean);
  const prefix = words.length > 1 ? namePrefix(words[0]) : undefined;
  if (prefix) words.shift();
  const capitals = words.filter((word) => /\p{Lu}{2,}/u.test(word) && word === word.toUpperCase());
  if (capitals.length > 0 && capitals.length < words.length) {
    return {
      prefix,
      family: capitals.join(' '),
      given: words.filter((word) => !capitals.includes(word)).join(' '),
    };
  }
  const family = words.pop() ?? full;
  return { prefix, family, given: words.length > 0 ? words.join(' ') : undefined };
}

/** Laboratory spellings of units and their UCUM codes (the PQ unit of CDA is UCUM, without spaces). */
const UCUM: Record<string, string> = {
  'UI/L': '[IU]/L',
  'UI/mL': '[IU]/mL',
  'mUI/L': 'm[IU]/L',
  'mUI/mL': 'm[IU]/mL',
  'G/L': '10*9/L',
  'T/L': '10*12/L',
  COI: '{COI}',
  'µg/L FEU': 'ug/L{FEU}',
  'mL/min/1,73 m²': 'mL/min/{1.73_m2}',
};

/** The UCUM code of a unit as the laboratory writes it; '1' for a number without unit. */
export function ucumUnit(unit: string | undefined): string {
  const written = unit?.trim();
  if (!written) return '1';
  return UCUM[written] ?? written.replaceAll('µ', 'u').replace(/\s+/g, '_');
}
