import { formatDate } from './format/dates';

/**
 * The first names of the shared date formatters (lib/format/dates.ts), kept for the screens that
 * still import them: a calendar date reads DD/MM/YYYY in both screen languages, so `frenchDate`
 * shows the same text on an English screen.
 */
export const frenchDate = (iso: string | null | undefined): string => formatDate(iso, 'fr');
export { formatDateTime as parisDateTime } from './format/dates';
