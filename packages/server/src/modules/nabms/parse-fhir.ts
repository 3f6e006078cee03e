import { z } from 'zod';
import { fail } from '../../lib/errors.js';
import { isFlag, type NabmAct, normalizeCode, parseDate, parseDecimal, textOrNull } from './act.js';

const Property = z.looseObject({
  code: z.string(),
  valueString: z.string().optional(),
  valueCode: z.string().optional(),
  valueDecimal: z.number().optional(),
  valueInteger: z.number().optional(),
  valueBoolean: z.boolean().optional(),
  valueDateTime: z.string().optional(),
  valueDate: z.string().optional(),
});
type Property = z.infer<typeof Property>;

interface Concept {
  code: string;
  display?: string;
  property?: Property[];
  concept?: Concept[];
}
const ConceptSchema: z.ZodType<Concept> = z.lazy(() =>
  z.looseObject({
    code: z.string(),
    display: z.string().optional(),
    property: z.array(Property).optional(),
    concept: z.array(ConceptSchema).optional(),
  }),
);
const CodeSystem = z.looseObject({ resourceType: z.literal('CodeSystem'), concept: z.array(ConceptSchema) });

/** Property codes as terminology servers spell them, folded: lower case, no accents, letters and digits only. */
const fold = (code: string) =>
  code
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const ALIASES: Record<string, keyof NabmAct | 'status'> = {
  coef: 'nabm_coef_b',
  coefb: 'nabm_coef_b',
  coefficient: 'nabm_coef_b',
  cotation: 'nabm_coef_b',
  lettrecle: 'nabm_key_letter',
  keyletter: 'nabm_key_letter',
  chapitre: 'nabm_chapter',
  chapter: 'nabm_chapter',
  souschapitre: 'nabm_subchapter',
  subchapter: 'nabm_subchapter',
  datecreation: 'nabm_creation_date',
  datedebut: 'nabm_creation_date',
  effectivedate: 'nabm_creation_date',
  datefin: 'nabm_end_date',
  enddate: 'nabm_end_date',
  retiredate: 'nabm_end_date',
  deprecationdate: 'nabm_end_date',
  datemodification: 'nabm_last_eeet_date',
  dateeffet: 'nabm_last_eeet_date',
  ententeprealable: 'nabm_agreement',
  prioragreement: 'nabm_agreement',
  initiativebiologiste: 'nabm_bio_initiative',
  bioinitiative: 'nabm_bio_initiative',
  actesang: 'nabm_blood_test',
  bloodtest: 'nabm_blood_test',
  sang: 'nabm_blood_test',
  contingence: 'nabm_contingency',
  contingency: 'nabm_contingency',
  actesreserves: 'nabm_reserved_acts',
  actereserve: 'nabm_reserved_acts',
  reservedacts: 'nabm_reserved_acts',
  rmo: 'nabm_rmo',
  regleespeciale: 'nabm_spec_rule_num',
  reglespeciale: 'nabm_spec_rule_num',
  specrule: 'nabm_spec_rule_num',
  nombremax: 'nabm_max_num_code',
  maxexecutions: 'nabm_max_num_code',
  maxnumcode: 'nabm_max_num_code',
  incompatibilite: 'nabm_incompatible_codes',
  incompatibilites: 'nabm_incompatible_codes',
  incompatible: 'nabm_incompatible_codes',
  status: 'status',
  statut: 'status',
  inactive: 'status',
};

const propertyValue = (p: Property): string | number | boolean | undefined =>
  p.valueDecimal ??
  p.valueInteger ??
  p.valueBoolean ??
  p.valueString ??
  p.valueCode ??
  p.valueDate ??
  p.valueDateTime;

function flatten(concepts: Concept[]): Concept[] {
  return concepts.flatMap((concept) => [concept, ...flatten(concept.concept ?? [])]);
}

/**
 * The NABM code system of the national terminology server (FHIR CodeSystem JSON). Chapters and
 * other grouping concepts are skipped; acts are the concepts whose code is up to 4 digits.
 */
export function parseNabmFhir(text: string): NabmAct[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('invalidImportFile', { reason: 'json' });
  }
  const parsed = CodeSystem.safeParse(json);
  if (!parsed.success) return fail('invalidImportFile', { reason: 'notCodeSystem' });

  const acts: NabmAct[] = [];
  for (const concept of flatten(parsed.data.concept)) {
    const code = normalizeCode(concept.code);
    if (!code) continue;
    const act: NabmAct = {
      nabm_code: code,
      nabm_wording: concept.display?.trim() || code,
      nabm_chapter: null,
      nabm_subchapter: null,
      nabm_key_letter: 'B',
      nabm_coef_b: 0,
      nabm_agreement: false,
      nabm_bio_initiative: false,
      nabm_blood_test: false,
      nabm_contingency: false,
      nabm_incompatible_codes: [],
      nabm_last_eeet_date: null,
      nabm_max_num_code: null,
      nabm_rmo: null,
      nabm_spec_rule_num: null,
      nabm_spec_rule_max: null,
      nabm_reserved_acts: false,
      nabm_creation_date: null,
      nabm_end_date: null,
      inactive: false,
    };
    for (const property of concept.property ?? []) {
      const field = ALIASES[fold(property.code)];
      const value = propertyValue(property);
      if (!field || value === undefined) continue;
      const asText = String(value);
      switch (field) {
        case 'status':
          act.inactive ||=
            value === true || ['retired', 'deprecated', 'inactive'].includes(asText.toLowerCase());
          break;
        case 'nabm_coef_b':
        case 'nabm_max_num_code': {
          const number = parseDecimal(typeof value === 'number' ? value : asText);
          if (number === undefined) return fail('invalidImportFile', { code, field: property.code });
          if (field === 'nabm_coef_b') act.nabm_coef_b = number ?? 0;
          else act.nabm_max_num_code = number;
          break;
        }
        case 'nabm_creation_date':
        case 'nabm_end_date':
        case 'nabm_last_eeet_date': {
          const date = parseDate(asText);
          if (date === undefined) fail('invalidImportFile', { code, field: property.code });
          act[field] = date ?? null;
          break;
        }
        case 'nabm_agreement':
        case 'nabm_bio_initiative':
        case 'nabm_blood_test':
        case 'nabm_contingency':
        case 'nabm_reserved_acts':
          act[field] = isFlag(typeof value === 'boolean' ? value : asText);
          break;
        case 'nabm_incompatible_codes': {
          const codes = asText
            .split(/[\s,;]+/)
            .map(normalizeCode)
            .filter((c): c is string => c !== null);
          act.nabm_incompatible_codes = [...new Set([...act.nabm_incompatible_codes, ...codes])].sort();
          break;
        }
        case 'nabm_chapter':
        case 'nabm_subchapter':
        case 'nabm_rmo':
        case 'nabm_spec_rule_num':
          act[field] = textOrNull(asText);
          break;
        case 'nabm_key_letter':
        case 'nabm_wording':
          act[field] = textOrNull(asText) ?? act[field];
          break;
      }
    }
    acts.push(act);
  }
  return acts;
}
