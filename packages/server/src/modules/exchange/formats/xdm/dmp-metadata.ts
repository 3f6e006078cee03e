import { DOMParser, XMLSerializer } from '@xmldom/xmldom';
import { NS, SCHEME } from './codes.js';

/**
 * The DMP's own confidentiality codes (code system 1.2.250.1.213.1.1.4.13), given beside the CDA's
 * 'N': INVISIBLE_PATIENT keeps the document from the patient until a professional has talked it
 * over with them (an announcement consultation), as French rules ask for some results.
 */
export const DMP_CONFIDENTIALITY = {
  scheme: '1.2.250.1.213.1.1.4.13',
  invisibleToPatient: { code: 'INVISIBLE_PATIENT', label: 'Document non visible par le patient' },
} as const;

/** The XDS association by which a new document entry replaces an earlier one (IHE ITI TF-3 4.2.2). */
export const RPLC = 'urn:ihe:iti:2007:AssociationType:RPLC';

/**
 * Adds to a submission's metadata (xdmMetadata's SubmitObjectsRequest) what the DMP reads beyond an
 * XDM package: the INVISIBLE_PATIENT confidentiality code of the document entry, and the RPLC
 * association to the entry (its `urn:uuid:`) of the version it replaces.
 */
export function withDmpMetadata(
  metadata: string,
  options: { invisibleToPatient: boolean; replacesEntryUuid?: string },
): string {
  const xml = new DOMParser().parseFromString(metadata, 'text/xml');
  const [entry] = Array.from(xml.getElementsByTagNameNS(NS.rim, 'ExtrinsicObject'));
  const [list] = Array.from(xml.getElementsByTagNameNS(NS.rim, 'RegistryObjectList'));
  if (!entry || !list) throw new Error('The submission has no document entry');
  const entryId = entry.getAttribute('id') ?? '';
  const el = (name: string, attributes: Record<string, string>, ...children: Node[]) => {
    const element = xml.createElementNS(NS.rim, `rim:${name}`);
    for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
    for (const child of children) element.appendChild(child);
    return element;
  };
  const value = (text: string) => el('Value', {}, xml.createTextNode(text));
  if (options.invisibleToPatient) {
    const { code, label } = DMP_CONFIDENTIALITY.invisibleToPatient;
    const classification = el(
      'Classification',
      {
        id: 'clDmpInvisiblePatient',
        classificationScheme: SCHEME.confidentialityCode,
        classifiedObject: entryId,
        nodeRepresentation: code,
      },
      el('Slot', { name: 'codingScheme' }, el('ValueList', {}, value(DMP_CONFIDENTIALITY.scheme))),
      el('Name', {}, el('LocalizedString', { 'xml:lang': 'fr-FR', charset: 'UTF-8', value: label })),
    );
    // Beside the other confidentiality code, before the entry's external identifiers (ebRIM order).
    const [firstIdentifier] = Array.from(entry.getElementsByTagNameNS(NS.rim, 'ExternalIdentifier'));
    entry.insertBefore(classification, firstIdentifier ?? null);
  }
  if (options.replacesEntryUuid) {
    list.appendChild(
      el('Association', {
        id: 'asDmpReplaces',
        associationType: RPLC,
        sourceObject: entryId,
        targetObject: `urn:uuid:${options.replacesEntryUuid}`,
      }),
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(xml.documentElement as unknown as Node)}\n`;
}
