import { DOMImplementation, XMLSerializer } from '@xmldom/xmldom';
import type { ExchangeDocument, ExchangeResult } from '../document.js';
import {
  compactDate,
  decimal,
  hl7Time,
  INTERPRETATION_NAMES,
  interpretationCodes,
  rangeText,
  valueText,
} from './common.js';
import { RPPS_OID } from './hl7.js';

const HL7_NS = 'urn:hl7-org:v3';
const XSI_NS = 'http://www.w3.org/2001/XMLSchema-instance';
const LOINC_OID = '2.16.840.1.113883.6.1';
const INTERPRETATION_OID = '2.16.840.1.113883.5.83';
const CONFIDENTIALITY_OID = '2.16.840.1.113883.5.25';
const GENDER_OID = '2.16.840.1.113883.5.1';
const NABM_OID = '1.2.250.1.213.2.4';
const FINESS_OID = '1.2.250.1.71.4.2.2';
/** Local identifiers of the system (patients, records, users, catalogue codes): its own OID root. */
export const LOCAL_OID = '1.2.250.1.999.1';

/**
 * Templates a CR-BIO document declares: HL7 France realm, the CI-SIS structured document, IHE
 * XD-LAB's laboratory report, and the ANS biology report (CR-BIO).
 */
const DOCUMENT_TEMPLATES = [
  '2.16.840.1.113883.2.8.2.1',
  '1.2.250.1.213.1.1.1.1',
  '1.3.6.1.4.1.19376.1.3.3',
  '1.2.250.1.213.1.1.1.21',
];
const SECTION_TEMPLATE = '1.3.6.1.4.1.19376.1.3.3.2.1';
const ENTRY_TEMPLATE = '1.3.6.1.4.1.19376.1.3.1';
const BATTERY_TEMPLATE = '1.3.6.1.4.1.19376.1.3.1.4';
const RESULT_TEMPLATE = '1.3.6.1.4.1.19376.1.3.1.6';

type Attributes = Record<string, string | undefined>;

/** Characters XML 1.0 cannot carry: a stray one in a name would make the document malformed. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these control characters are exactly what is removed.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;
const clean = (text: string) => text.replace(NOT_XML, '');
type Child = Element | string | null | undefined | false;

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** Indents elements that hold elements only (never mixed text), so the document reads line by line. */
function indent(element: Element, depth: number): void {
  const children = Array.from(element.childNodes);
  const elements = children.filter((child) => child.nodeType === ELEMENT_NODE) as Element[];
  if (elements.length === 0 || children.some((child) => child.nodeType === TEXT_NODE)) return;
  const document = element.ownerDocument;
  for (const child of elements) {
    element.insertBefore(document.createTextNode(`\n${'  '.repeat(depth + 1)}`), child);
    indent(child, depth + 1);
  }
  element.appendChild(document.createTextNode(`\n${'  '.repeat(depth)}`));
}

/**
 * The CDA R2 document of the ANS biology report profile (CR-BIO, LOINC 11502-2) for a validated
 * record: the patient as recordTarget with the INS (its OID as root) when the identity is
 * qualified, the laboratory as author and custodian, the validating biologist as legal
 * authenticator, the prescriber, then one laboratory section per analysis with its narrative table
 * and its coded entries (result observations with LOINC where the parameter has it, physical
 * quantities, interpretation codes and reference ranges). Built as a DOM with @xmldom/xmldom.
 */
export function buildCda(doc: ExchangeDocument): string {
  const xml = new DOMImplementation().createDocument(HL7_NS, 'ClinicalDocument', null);
  const root = xml.documentElement;
  const el = (name: string, attributes: Attributes = {}, ...children: Child[]): Element => {
    const element = xml.createElementNS(HL7_NS, name);
    for (const [key, value] of Object.entries(attributes)) {
      if (value === undefined) continue;
      if (key === 'xsi:type') element.setAttributeNS(XSI_NS, key, value);
      else element.setAttribute(key, clean(value));
    }
    for (const child of children) {
      if (child === null || child === undefined || child === false) continue;
      element.appendChild(typeof child === 'string' ? xml.createTextNode(clean(child)) : child);
    }
    return element;
  };
  const add = (parent: Element, ...children: Child[]) => {
    for (const child of children)
      if (child) parent.appendChild(typeof child === 'string' ? xml.createTextNode(clean(child)) : child);
  };
  root.setAttributeNS('http://www.w3.org/2000/xmlns/', 'xmlns:xsi', XSI_NS);

  const { patient, prescriber, laboratory } = doc;
  const validatedAt = hl7Time(doc.validatedAt);
  const localId = (kind: string, value: string) =>
    el('id', { root: `${LOCAL_OID}.${kind}`, extension: value });
  const organization = (name: string) =>
    el(
      'representedOrganization',
      {},
      laboratory.finess
        ? el('id', { root: FINESS_OID, extension: laboratory.finess })
        : localId('1', laboratory.id),
      el('name', {}, name),
      laboratory.phone ? el('telecom', { value: `tel:${laboratory.phone}` }) : null,
      laboratory.address ? el('addr', {}, el('streetAddressLine', {}, laboratory.address)) : null,
    );
  const personName = (family: string, given: string, prefix?: string) =>
    el(
      'name',
      {},
      prefix ? el('prefix', {}, prefix) : null,
      el('given', {}, given),
      el('family', {}, family),
    );

  add(
    root,
    el('realmCode', { code: 'FR' }),
    el('typeId', { root: '2.16.840.1.113883.1.3', extension: 'POCD_HD000040' }),
    ...DOCUMENT_TEMPLATES.map((root) => el('templateId', { root })),
    el('id', { root: `${LOCAL_OID}.2`, extension: `${doc.id}` }),
    el('code', {
      code: '11502-2',
      codeSystem: LOINC_OID,
      codeSystemName: 'LOINC',
      displayName: 'CR d’examens biologiques',
    }),
    el('title', {}, `Compte rendu d’examens de biologie médicale — dossier ${doc.record.number}`),
    el('effectiveTime', { value: validatedAt }),
    el('confidentialityCode', { code: 'N', codeSystem: CONFIDENTIALITY_OID }),
    el('languageCode', { code: 'fr-FR' }),
    el('setId', { root: `${LOCAL_OID}.3`, extension: doc.record.id }),
    el('versionNumber', { value: String(doc.version) }),
    el(
      'recordTarget',
      {},
      el(
        'patientRole',
        {},
        patient.ins ? el('id', { root: patient.ins.oid, extension: patient.ins.value }) : null,
        localId('4', patient.id),
        el(
          'patient',
          {},
          el(
            'name',
            {},
            el('given', {}, patient.firstName),
            el('family', { qualifier: 'BR' }, patient.birthName ?? patient.surname),
            patient.birthName && patient.birthName !== patient.surname
              ? el('family', { qualifier: 'SP' }, patient.surname)
              : null,
          ),
          el('administrativeGenderCode', {
            code: patient.sex === 'U' ? 'UN' : patient.sex,
            codeSystem: GENDER_OID,
          }),
          el('birthTime', { value: compactDate(patient.dob) }),
        ),
      ),
    ),
    el(
      'author',
      {},
      el('time', { value: validatedAt }),
      el(
        'assignedAuthor',
        {},
        localId('5', doc.biologist.id),
        el('assignedPerson', {}, el('name', {}, doc.biologist.name)),
        organization(laboratory.name),
      ),
    ),
    el(
      'custodian',
      {},
      el(
        'assignedCustodian',
        {},
        el(
          'representedCustodianOrganization',
          {},
          laboratory.finess
            ? el('id', { root: FINESS_OID, extension: laboratory.finess })
            : localId('1', laboratory.id),
          el('name', {}, laboratory.name),
        ),
      ),
    ),
    prescriber
      ? el(
          'informationRecipient',
          {},
          el(
            'intendedRecipient',
            {},
            prescriber.rpps
              ? el('id', { root: RPPS_OID, extension: prescriber.rpps })
              : localId('6', prescriber.id),
            el(
              'informationRecipient',
              {},
              personName(prescriber.surname, prescriber.firstName, prescriber.title),
            ),
          ),
        )
      : null,
    el(
      'legalAuthenticator',
      {},
      el('time', { value: validatedAt }),
      el('signatureCode', { code: 'S' }),
      el(
        'assignedEntity',
        {},
        localId('5', doc.biologist.id),
        el('assignedPerson', {}, el('name', {}, doc.biologist.name)),
        organization(laboratory.name),
      ),
    ),
    el(
      'documentationOf',
      {},
      el(
        'serviceEvent',
        {},
        el(
          'effectiveTime',
          {},
          el('low', { value: hl7Time(doc.record.collectedAt) || validatedAt }),
          el('high', { value: validatedAt }),
        ),
      ),
    ),
  );

  const observation = (result: ExchangeResult) => {
    const codes = interpretationCodes(result);
    const code = result.loinc
      ? el(
          'code',
          { code: result.loinc, codeSystem: LOINC_OID, codeSystemName: 'LOINC', displayName: result.name },
          el('translation', { code: result.code, codeSystem: `${LOCAL_OID}.7`, displayName: result.name }),
        )
      : el('code', { code: result.code, codeSystem: `${LOCAL_OID}.7`, displayName: result.name });
    const quantity = (tag: string, value: number) =>
      el(tag, { value: decimal(value, result.decimals), unit: result.unit ?? '1' });
    const value =
      result.value === null
        ? el('value', { 'xsi:type': 'ST' }, result.text ?? '')
        : result.censored
          ? el(
              'value',
              { 'xsi:type': 'IVL_PQ' },
              quantity(result.censored === '<' ? 'high' : 'low', result.value),
            )
          : el('value', {
              'xsi:type': 'PQ',
              value: decimal(result.value, result.decimals),
              unit: result.unit ?? '1',
            });
    const range =
      result.low !== null || result.high !== null
        ? el(
            'referenceRange',
            { typeCode: 'REFV' },
            el(
              'observationRange',
              {},
              el('text', {}, rangeText(result)),
              el(
                'value',
                { 'xsi:type': 'IVL_PQ' },
                result.low !== null ? quantity('low', result.low) : null,
                result.high !== null ? quantity('high', result.high) : null,
              ),
              el('interpretationCode', { code: 'N', codeSystem: INTERPRETATION_OID }),
            ),
          )
        : null;
    return el(
      'observation',
      { classCode: 'OBS', moodCode: 'EVN' },
      el('templateId', { root: RESULT_TEMPLATE }),
      code,
      el('statusCode', { code: 'completed' }),
      el('effectiveTime', { value: hl7Time(result.collectedAt) || validatedAt }),
      value,
      ...codes.map((interpretation) =>
        el('interpretationCode', {
          code: interpretation,
          codeSystem: INTERPRETATION_OID,
          displayName: INTERPRETATION_NAMES[interpretation],
        }),
      ),
      range,
    );
  };

  const sections = doc.analyses.map((analysis) => {
    const rows = analysis.results.map((result) =>
      el(
        'tr',
        {},
        el('td', {}, result.name),
        el('td', {}, valueText(result)),
        el('td', {}, result.unit ?? ''),
        el('td', {}, rangeText(result)),
        el('td', {}, interpretationCodes(result).join(' ')),
      ),
    );
    const analysisCode =
      analysis.codeSystem === 'NABM'
        ? el('code', {
            code: analysis.code,
            codeSystem: NABM_OID,
            codeSystemName: 'NABM',
            displayName: analysis.name,
          })
        : el('code', { code: analysis.code, codeSystem: `${LOCAL_OID}.8`, displayName: analysis.name });
    return el(
      'component',
      {},
      el(
        'section',
        {},
        el('templateId', { root: SECTION_TEMPLATE }),
        el('code', {
          code: '26436-6',
          codeSystem: LOINC_OID,
          codeSystemName: 'LOINC',
          displayName: 'Laboratory studies',
        }),
        el('title', {}, analysis.name),
        el(
          'text',
          {},
          el(
            'table',
            {},
            el(
              'thead',
              {},
              el(
                'tr',
                {},
                ...['Paramètre', 'Résultat', 'Unité', 'Valeurs de référence', 'Interprétation'].map((h) =>
                  el('th', {}, h),
                ),
              ),
            ),
            el('tbody', {}, ...rows),
          ),
        ),
        el(
          'entry',
          { typeCode: 'DRIV' },
          el(
            'act',
            { classCode: 'ACT', moodCode: 'EVN' },
            el('templateId', { root: ENTRY_TEMPLATE }),
            el('code', { code: '26436-6', codeSystem: LOINC_OID, codeSystemName: 'LOINC' }),
            el('statusCode', { code: 'completed' }),
            el(
              'entryRelationship',
              { typeCode: 'COMP' },
              el(
                'organizer',
                { classCode: 'BATTERY', moodCode: 'EVN' },
                el('templateId', { root: BATTERY_TEMPLATE }),
                analysisCode,
                el('statusCode', { code: 'completed' }),
                el('effectiveTime', { value: hl7Time(doc.record.collectedAt) || validatedAt }),
                ...analysis.results.map((result) => el('component', {}, observation(result))),
              ),
            ),
          ),
        ),
      ),
    );
  });
  if (doc.conclusion)
    sections.push(
      el(
        'component',
        {},
        el(
          'section',
          {},
          el('code', {
            code: '30954-2',
            codeSystem: LOINC_OID,
            codeSystemName: 'LOINC',
            displayName: 'Conclusion',
          }),
          el('title', {}, 'Conclusion'),
          el('text', {}, el('paragraph', {}, doc.conclusion)),
        ),
      ),
    );
  add(root, el('component', {}, el('structuredBody', {}, ...sections)));
  indent(root, 0);
  return `<?xml version="1.0" encoding="UTF-8"?>\n${new XMLSerializer().serializeToString(xml)}\n`;
}
