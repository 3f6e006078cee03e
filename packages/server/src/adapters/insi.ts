import { INS_OIDS, type InsLookupAnswer, nirKey } from '@sil/contract';

export interface InsTraits {
  last_name: string;
  first_name: string;
  sex: 'M' | 'F' | 'I';
  birthday: string;
  birth_place?: string;
}

/** The national INS teleservice (INSi): finds the health identity of a patient from the five traits. */
export interface InsiClient {
  lookup(traits: InsTraits): Promise<InsLookupAnswer>;
}

interface SimulatedIdentity {
  birthName: string;
  firstNames: string;
  sex: 'M' | 'F';
  birthDate: string;
  birthPlace: string;
  /** 13 characters; the key is computed. */
  body: string;
  oid: string;
}

/**
 * Identities of the local simulator, used by default and by tests (docs/insi.md). The first carries
 * the national test NIR 279035121518989; the others are this product's own test identities under
 * the testing OID (…4.10), one INS-NIA (…4.9), and two that share their traits to give answer 3.
 */
export const SIMULATED_IDENTITIES: SimulatedIdentity[] = [
  {
    birthName: 'PAT-TROIS',
    firstNames: 'DOMINIQUE',
    sex: 'F',
    birthDate: '1979-03-21',
    birthPlace: '51215',
    body: '2790351215189',
    oid: INS_OIDS.testNir,
  },
  {
    birthName: 'MARTIN',
    firstNames: 'JEAN PIERRE',
    sex: 'M',
    birthDate: '1985-06-15',
    birthPlace: '75056',
    body: '1850675056123',
    oid: INS_OIDS.testNir,
  },
  {
    birthName: 'LEROY',
    firstNames: 'CHLOE',
    sex: 'F',
    birthDate: '2019-11-02',
    birthPlace: '2A004',
    body: '219112A004017',
    oid: INS_OIDS.testNir,
  },
  {
    birthName: 'GARCIA',
    firstNames: 'LUCIA',
    sex: 'F',
    birthDate: '1990-01-01',
    birthPlace: '99134',
    body: '2900199134001',
    oid: INS_OIDS.nia,
  },
  {
    birthName: 'DOUBLON',
    firstNames: 'ALEX',
    sex: 'M',
    birthDate: '2000-02-02',
    birthPlace: '69123',
    body: '1000269123001',
    oid: INS_OIDS.testNir,
  },
  {
    birthName: 'DOUBLON',
    firstNames: 'ALEX',
    sex: 'M',
    birthDate: '2000-02-02',
    birthPlace: '69123',
    body: '1000269123002',
    oid: INS_OIDS.testNir,
  },
];

/** Upper case without accents, hyphens or double spaces, as INS traits are compared. */
export const normalizeTrait = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[-']/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

export function simulatedInsi(identities: SimulatedIdentity[] = SIMULATED_IDENTITIES): InsiClient {
  return {
    async lookup(traits) {
      const matches = identities.filter(
        (identity) =>
          normalizeTrait(identity.birthName) === normalizeTrait(traits.last_name) &&
          normalizeTrait(identity.firstNames)
            .split(' ')
            .includes(normalizeTrait(traits.first_name).split(' ')[0] ?? '') &&
          identity.sex === traits.sex &&
          identity.birthDate === traits.birthday &&
          (!traits.birth_place || identity.birthPlace === traits.birth_place.toUpperCase()),
      );
      const [only] = matches;
      if (matches.length === 0 || !only) return { i_insIdentityResult: 1, Identity: null };
      if (matches.length > 1) return { i_insIdentityResult: 3, Identity: null };
      const key = nirKey(only.body) ?? '';
      return {
        i_insIdentityResult: 2,
        Identity: {
          Ins: { s_value: only.body, s_key: key, s_oid: only.oid },
          s_birthName: only.birthName,
          s_firstNames: only.firstNames,
          s_usualFirstName: only.firstNames.split(' ')[0] ?? only.firstNames,
          s_sex: only.sex,
          s_birthDate: only.birthDate,
          s_birthPlace: only.birthPlace,
        },
      };
    },
  };
}
