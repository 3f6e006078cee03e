import { describe, expect, it } from 'vitest';
import en from './en.json';
import fr from './fr.json';
import recordsEn from './records.en.json';
import recordsFr from './records.fr.json';
import tablesEn from './tables.en.json';
import tablesFr from './tables.fr.json';

/**
 * One word per concept in what names a screen: menus, tab titles, table headers, rights and form
 * titles. spec.md gives the words (record → dossier, sample → échantillon, clinic → clinique…);
 * a synonym slipping into one of these places (Techniques, Établissements, Documents…) fails here.
 */

type Tree = { [key: string]: string | Tree };
const LOCALES = {
  fr: { main: fr, records: recordsFr, tables: tablesFr },
  en: { main: en, records: recordsEn, tables: tablesEn },
} satisfies Record<string, Record<string, Tree>>;
type Locale = keyof typeof LOCALES;

function lookup(locale: Locale, key: string): string {
  const [namespace, path] = key.includes(':') ? key.split(':') : ['main', key];
  let node: string | Tree | undefined = LOCALES[locale][namespace as keyof (typeof LOCALES)[Locale]];
  for (const part of path?.split('.') ?? []) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') throw new Error(`${locale}: no text at ${key}`);
  return node;
}

function strings(tree: string | Tree | undefined): string[] {
  if (tree === undefined) return [];
  return typeof tree === 'string' ? [tree] : Object.values(tree).flatMap(strings);
}

/** The places that name screens and columns, where each concept must keep its one word. */
function namingTexts(locale: Locale): string[] {
  const { main, tables } = LOCALES[locale];
  return [
    ...strings(main.menu),
    ...strings(main.title),
    ...strings(main.screen),
    ...strings(tables.fields),
    ...strings(tables.users.keys),
    ...strings(tables.form.titles),
    lookup(locale, 'records:uploads.title'),
  ];
}

/** Keys that name the same thing and so must read the same. */
const SAME_WORD: readonly (readonly string[])[] = [
  ['menu.records', 'title.records'],
  ['menu.techniques', 'title.techniques', 'tables:users.keys.admin_samples'],
  ['menu.clinics', 'title.clinics', 'tables:users.keys.admin_clinics'],
  ['menu.uploads', 'title.uploads', 'records:uploads.title'],
  ['menu.machines', 'title.machines', 'tables:users.keys.admin_machines'],
  ['menu.collectors', 'title.collectors', 'tables:users.keys.admin_collectors'],
  ['menu.prescribers', 'title.prescribers', 'tables:users.keys.admin_prescribers'],
  ['menu.analyses', 'title.analyses', 'tables:users.keys.admin_analyses'],
  ['menu.sample_types', 'title.sample_types', 'tables:users.keys.admin_sample_types'],
  ['menu.users', 'title.users', 'tables:users.keys.admin_access'],
  ['tables:fields.clinic_name', 'tables:fields.clinic_id', 'tables:fields.collector_owner'],
  ['tables:fields.record_owner', 'tables:fields.patient_owner', 'tables:fields.clinic_id'],
  [
    'tables:fields.matrix_last_updated',
    'tables:fields.family_last_updated',
    'tables:fields.analysis_last_updated',
    'tables:fields.patient_last_updated',
    'tables:fields.sample_last_updated',
  ],
];

/** Words spec.md does not use for a concept it names, per locale. */
const SYNONYMS: Record<Locale, Record<string, readonly string[]>> = {
  fr: {
    'échantillon (spec: sample)': ['techniques', 'prélèvements'],
    'clinique (spec: clinic)': ['établissement', 'établissements'],
    'dossier (spec: record)': ['demande', 'demandes', 'requête'],
    'automate (spec: machine)': ['analyseur', 'analyseurs', 'machine', 'machines'],
    'téléversements (spec: uploads)': ['documents', 'fichiers'],
  },
  en: {
    'sample (spec: sample)': ['techniques', 'specimen', 'specimens'],
    'clinic (spec: clinic)': ['establishment', 'establishments', 'facility', 'facilities'],
    'record (spec: record)': ['folder', 'folders', 'requisition', 'requisitions'],
    'machine (spec: machine)': ['analyser', 'analyzer', 'analysers', 'analyzers'],
    'uploads (spec: uploads)': ['documents', 'files'],
  },
};

/** Apostrophes typed two ways are one word. */
const normal = (text: string) => text.replaceAll('’', "'").trim();
const words = (text: string) =>
  normal(text)
    .toLowerCase()
    .split(/[^\p{L}']+/u);

describe.each(Object.keys(LOCALES) as Locale[])('glossary (%s)', (locale) => {
  it.each(SAME_WORD.map((keys) => [keys.join(' = '), keys] as const))('%s', (_, keys) => {
    const texts = keys.map((key) => normal(lookup(locale, key)));
    expect(new Set(texts).size, `${keys.join(', ')}: ${texts.join(' / ')}`).toBe(1);
  });

  it('menus, titles, headers and form titles never use a synonym of a word spec.md names', () => {
    const found = namingTexts(locale).flatMap((text) =>
      Object.entries(SYNONYMS[locale]).flatMap(([concept, synonyms]) =>
        synonyms.some((synonym) => words(text).includes(synonym)) ? [`'${text}' (say ${concept})`] : [],
      ),
    );
    expect(found).toEqual([]);
  });

  it('form titles name the entity ("Nouvelle analyse"), not the table and a tag ("Analyses · nouveau")', () => {
    const titles = strings(LOCALES[locale].tables.form.titles);
    expect(titles.filter((title) => title.includes('·'))).toEqual([]);
    const fresh = Object.values(LOCALES[locale].tables.form.titles).map((pair) => pair.new);
    expect(fresh.filter((title) => !/^(Nouve(au|l|lle) |New )/.test(title))).toEqual([]);
  });
});
