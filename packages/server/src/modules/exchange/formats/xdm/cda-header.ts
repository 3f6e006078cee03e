import { DOMParser } from '@xmldom/xmldom';
import type * as XPath from 'xpath';
import { onFirstUse } from '../../../../lib/on-first-use.js';

/** A coded value as the XDS metadata carries it: code, coding scheme and label. */
export interface XdsCode {
  code: string;
  scheme: string;
  label: string;
}

/** A person as XDS writes one (XCN): id, family and given names, the id's assigning authority. */
export interface XdsPerson {
  id: string;
  family: string;
  given: string;
  root: string;
}

/**
 * What the XDS document entry takes from a CDA header, read as the national kit's
 * CDAHeaderToXDM.xsl reads it (FeuilleDeStyle): nothing here comes from elsewhere, so the
 * metadata cannot say something the document does not.
 */
export interface CdaHeader {
  id: { root: string; extension: string };
  title: string;
  typeCode: XdsCode;
  templateIds: string[];
  confidentiality: XdsCode;
  effectiveTime: string;
  languageCode: string;
  patientIds: Array<{ root: string; extension: string }>;
  patient: { family: string; given: string; birthTime: string; gender: string };
  author: XdsPerson;
  /** The author's profession and specialty (assignedAuthor/code): XDS authorSpecialty. */
  authorSpecialty: XdsCode;
  organization: { name: string; root: string; extension: string };
  legalAuthenticator: XdsPerson;
  serviceStart: string;
  serviceStop: string;
  eventCodes: XdsCode[];
  facility: XdsCode;
  encounterCode: string;
}

// XPath loads when the first package is made, not at the server's start (build/bundle.test.ts).
const xpath = onFirstUse<typeof XPath>('xpath');

/** Reads the header of a CDA R2 document (the CR-BIO the cda builder wrote). */
export function readCdaHeader(cda: string): CdaHeader {
  const xml = new DOMParser().parseFromString(cda, 'text/xml');
  const select = xpath().useNamespaces({ c: 'urn:hl7-org:v3' });
  const nodes = (path: string, from: Node = xml) => select(path, from) as Node[];
  const text = (path: string, from: Node = xml) => {
    const found = select(`string(${path})`, from);
    return typeof found === 'string' ? found.trim() : '';
  };
  const code = (path: string): XdsCode => ({
    code: text(`${path}/@code`),
    scheme: text(`${path}/@codeSystem`),
    label: text(`${path}/@displayName`),
  });
  const person = (entity: string): XdsPerson => ({
    id: text(`${entity}/c:id/@extension`),
    root: text(`${entity}/c:id/@root`),
    family: text(`${entity}/*[self::c:assignedPerson]/c:name/c:family[1]`),
    given: text(`${entity}/*[self::c:assignedPerson]/c:name/c:given[1]`),
  });
  const doc = '/c:ClinicalDocument';
  const patientRole = `${doc}/c:recordTarget/c:patientRole`;
  const author = `${doc}/c:author/c:assignedAuthor`;
  const event = `${doc}/c:documentationOf/c:serviceEvent`;
  return {
    id: { root: text(`${doc}/c:id/@root`), extension: text(`${doc}/c:id/@extension`) },
    title: text(`${doc}/c:title`),
    typeCode: code(`${doc}/c:code`),
    templateIds: nodes(`${doc}/c:templateId/@root`).map((node) => node.nodeValue ?? ''),
    confidentiality: code(`${doc}/c:confidentialityCode`),
    effectiveTime: text(`${doc}/c:effectiveTime/@value`),
    languageCode: text(`${doc}/c:languageCode/@code`),
    patientIds: nodes(`${patientRole}/c:id`).map((id) => ({
      root: text('@root', id),
      extension: text('@extension', id),
    })),
    patient: {
      family: text(`${patientRole}/c:patient/c:name/c:family[1]`),
      given: text(`${patientRole}/c:patient/c:name/c:given[1]`),
      birthTime: text(`${patientRole}/c:patient/c:birthTime/@value`),
      gender: text(`${patientRole}/c:patient/c:administrativeGenderCode/@code`),
    },
    author: person(author),
    authorSpecialty: code(`${author}/c:code`),
    organization: {
      name: text(`${author}/c:representedOrganization/c:name`),
      root: text(`${author}/c:representedOrganization/c:id/@root`),
      extension: text(`${author}/c:representedOrganization/c:id/@extension`),
    },
    legalAuthenticator: person(`${doc}/c:legalAuthenticator/c:assignedEntity`),
    serviceStart: text(`${event}/c:effectiveTime/c:low/@value`),
    serviceStop: text(`${event}/c:effectiveTime/c:high/@value`),
    eventCodes: nodes(`${event}/c:code`).map((node) => ({
      code: text('@code', node),
      scheme: text('@codeSystem', node),
      label: text('@displayName', node),
    })),
    facility: code(`${doc}/c:componentOf/c:encompassingEncounter/c:location/c:healthCareFacility/c:code`),
    encounterCode: text(`${doc}/c:componentOf/c:encompassingEncounter/c:code/@code`),
  };
}
