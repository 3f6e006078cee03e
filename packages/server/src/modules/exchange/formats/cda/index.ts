import type { ExchangeDocument } from '../../document.js';
import { cdaBody } from './body.js';
import { cdaHeader } from './header.js';
import { cdaDocument } from './xml.js';

/**
 * The CDA R2 document of the national biology report (CR-BIO 2021.01, LOINC 11502-2) for a
 * validated record, built to pass the national CDA test kit (TestContenuCDA: the CDA schema with
 * the French extensions, the minimal-structure and CR-BIO schematrons): a header as the CI-SIS
 * asks, then a level-3 body with a section per chapter and analysis and coded results.
 */
export function buildCda(doc: ExchangeDocument): string {
  const { el, serialize } = cdaDocument();
  return serialize([...cdaHeader(el, doc), cdaBody(el, doc)]);
}
