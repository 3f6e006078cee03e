/**
 * Text as searches compare it, the way the database's `sil_fold` does (migration 0014): lower case,
 * accents removed, œ/æ spelled out, hyphens as spaces, apostrophes dropped. So 'helene' finds
 * 'Hélène' and 'dartagnan' finds "d'Artagnan" in the browser's own lists as in the server's.
 */
export const foldForSearch = (text: string): string =>
  text
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/-/g, ' ')
    .replace(/['’]/g, '')
    .toLowerCase();
