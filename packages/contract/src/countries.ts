import iso3ByIso2 from 'countries-list/minimal/countries.2to3.min.json';
import { z } from 'zod';

/**
 * The countries of ISO 3166-1 (alpha-2 → alpha-3), from a maintained package rather than a list of
 * our own: the same for every laboratory, so it ships with the product instead of being a table
 * each laboratory keeps. Names come from the browser's or server's own ICU data in the screen's
 * language (Intl.DisplayNames); calling codes and the searchable lists are in `./countries-list.ts`
 * (`@sil/contract/countries`), loaded only by the forms that need them.
 */
export const ISO3_BY_ISO2: Readonly<Record<string, string>> = iso3ByIso2;

export const isCountryCode = (iso2: string): boolean => Object.hasOwn(ISO3_BY_ISO2, iso2);

/** A country as stored (ISO 2); anything else reads 'Country not selected' (spec.md §5). */
export const countrySchema = z.string().trim().toUpperCase().refine(isCountryCode, 'country');
