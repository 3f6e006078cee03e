import { AUTHOR_SPECIALTIES, authorSpecialty, DEFAULT_AUTHOR_SPECIALTY, OID_PATTERN } from '@sil/contract';
import { OID } from './formats/cda/codes.js';

const text = (settings: Record<string, unknown>, key: string) => {
  const value = settings[key];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * The root under which the laboratory's own identifiers go out (documents `.2`, record sets `.3`,
 * patients `.4`, users `.5`, catalogue codes `.7` and `.8`), decision 0029:
 * 1. the OID the laboratory registered (settings key `oid_root`, e.g. one the ANS gave it);
 * 2. else derived from its FINESS under the FINESS OID, `1.2.250.1.71.4.2.2.<FINESS>`, the same
 *    identity the XDS submission already gives as its source; the FINESS is written as a number,
 *    since an OID arc takes no leading zero (a FINESS of the Ain, 01…, loses its zero);
 * 3. else the product's placeholder `1.2.250.1.999.1`, which identifies nobody: such a laboratory
 *    is never sent to the DMP ('laboratoryNotIdentified').
 */
export function laboratoryOidRoot(settings: Record<string, unknown>): string {
  const own = text(settings, 'oid_root');
  if (OID_PATTERN.test(own)) return own;
  const finess = text(settings, 'finess');
  if (/^\d{9}$/.test(finess)) return `${OID.finess}.${BigInt(finess).toString()}`;
  return OID.local;
}

/** Whether the laboratory is identified (registered OID or FINESS), as the DMP requires. */
export const isIdentifiedRoot = (root: string) => root !== OID.local;

/** The biologist's profession and specialty the documents carry (settings key `author_specialty`). */
export function authorSpecialtyOf(settings: Record<string, unknown>): { code: string; label: string } {
  const chosen = authorSpecialty.safeParse(text(settings, 'author_specialty'));
  const code = chosen.success ? chosen.data : DEFAULT_AUTHOR_SPECIALTY;
  return { code, label: AUTHOR_SPECIALTIES[code] };
}
