import { getCountryDataList } from 'countries-list';
import { ISO3_BY_ISO2 } from './countries.js';
import { normalizeCountryCode } from './identifiers.js';

/** One country of the ISO list with its calling codes, as forms offer it. */
export interface Country {
  iso2: string;
  iso3: string;
  /**
   * Dialling prefixes without '+': one for most countries; the territories of the North American
   * plan carry their area code (Antigua +1 268), as the package lists them.
   */
  callingCodes: readonly string[];
}

export const COUNTRIES: readonly Country[] = getCountryDataList()
  .filter((country) => Object.hasOwn(ISO3_BY_ISO2, country.iso2))
  .map((country) => ({
    iso2: country.iso2,
    iso3: country.iso3,
    callingCodes: country.phone.map(String),
  }));

/** Every calling code once: what splits a stored number back into code and national number. */
export const CALLING_CODES: readonly string[] = [...new Set(COUNTRIES.flatMap((c) => c.callingCodes))];

const namesOf = new Map<string, Intl.DisplayNames>();

/** The country's name in the screen's language ('Allemagne', 'Germany'); its code when ICU has none. */
export function countryName(iso2: string, locale: string): string {
  let names = namesOf.get(locale);
  if (!names) {
    names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
    namesOf.set(locale, names);
  }
  return names.of(iso2) ?? iso2;
}

export interface Choice {
  value: string;
  label: string;
  /** Words a search also finds the choice by, beyond its label (the countries of a calling code). */
  keywords?: string;
}

/** Countries by name in the screen's language, for a searchable select whose value is the ISO 2. */
export function countryChoices(locale: string): Choice[] {
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((c) => ({ value: c.iso2, label: countryName(c.iso2, locale) })).sort((a, b) =>
    collator.compare(a.label, b.label),
  );
}

/**
 * Calling codes for a phone's country select: France and its overseas codes first (what a French
 * laboratory types most), then by code. The label is the code alone ('+262'), short enough for the
 * closed select; the keywords name the countries that share it ('La Réunion, Mayotte') so that a name
 * can be searched as well as a number, and the list shows both.
 */
export function callingCodeChoices(locale: string): Choice[] {
  const countries = new Map<string, string[]>();
  for (const country of COUNTRIES)
    for (const code of country.callingCodes)
      countries.set(code, [...(countries.get(code) ?? []), countryName(country.iso2, locale)]);
  const first = ['33', '262', '590', '594', '596', '269', '508', '681', '687', '689'];
  const rank = (code: string) => (first.includes(code) ? first.indexOf(code) : first.length);
  return [...countries.entries()]
    .sort(([a], [b]) => rank(a) - rank(b) || Number(a) - Number(b))
    .map(([code, names]) => ({ value: code, label: `+${code}`, keywords: names.join(', ') }));
}

/** Whether a typed code is one of the list's ('+33', '0033' and '33' alike). */
export const isCallingCode = (text: string): boolean => {
  const code = normalizeCountryCode(text);
  return code !== null && CALLING_CODES.includes(code);
};
