/** The ebXML registry (ebRIM 3.0) namespaces of an XDS submission, as XDM's METADATA.XML holds it. */
export const NS = {
  lcm: 'urn:oasis:names:tc:ebxml-regrep:xsd:lcm:3.0',
  rim: 'urn:oasis:names:tc:ebxml-regrep:xsd:rim:3.0',
} as const;

/** The classification and identification schemes of IHE ITI TF-3 §4.2.5, by the metadata they hold. */
export const SCHEME = {
  submissionSet: 'urn:uuid:a54d6aa5-d40d-43f9-88c5-b4633d873bdd',
  submissionAuthor: 'urn:uuid:a7058bb9-b4e4-4307-ba5b-e3f0ab85e12d',
  contentTypeCode: 'urn:uuid:aa543740-bdda-424e-8c96-df4873be8500',
  submissionPatientId: 'urn:uuid:6b5aea1a-874d-4603-a4bc-96a0a7b38446',
  submissionSourceId: 'urn:uuid:554ac39e-e3fe-47fe-b233-965d2a147832',
  submissionUniqueId: 'urn:uuid:96fdda7c-d067-4183-912e-bf5ee74998a8',
  stableDocument: 'urn:uuid:7edca82f-054d-47f2-a032-9b2a5b5186c1',
  author: 'urn:uuid:93606bcf-9494-43ec-9b4e-a7748d1a838d',
  classCode: 'urn:uuid:41a5887f-8865-4c09-adf7-e362475b143a',
  confidentialityCode: 'urn:uuid:f4f85eac-e6cb-4883-b524-f2705394840f',
  eventCodeList: 'urn:uuid:2c6b8cb7-8b2a-4051-b291-b1ae6a575ef4',
  formatCode: 'urn:uuid:a09d5840-386c-46f2-b5ad-9c3699a4309d',
  healthcareFacilityTypeCode: 'urn:uuid:f33fb8ac-18af-42cc-ae0e-ed0b0bdb91e1',
  practiceSettingCode: 'urn:uuid:cccf5598-8b07-4b77-a05e-ae952c785ead',
  typeCode: 'urn:uuid:f0306f51-975f-434e-a61c-c59651d33983',
  documentPatientId: 'urn:uuid:58a6f841-87b3-4a3e-92fd-a8ffeff98427',
  documentUniqueId: 'urn:uuid:2e82c1f6-a085-4c72-9da3-8640a32e42ab',
} as const;

/** The roots of the INS in a CDA (NIR, NIA and their test roots): the patient id of the DMP. */
export const INS_ROOT = /^1\.2\.250\.1\.213\.1\.4\.(8|9|10|11)$/;
/** The national id of health professionals (RPPS/ADELI prefixed), and of facilities (FINESS). */
export const NATIONAL_PS_ROOT = '1.2.250.1.71.4.2.1';
export const FINESS_ROOT = '1.2.250.1.71.4.2.2';

/**
 * The XDS class of a document, from its LOINC type (ANS table 'Correspondance type/classe'): a
 * biology report (11502-2) is a 'Compte rendu'. The CDA header does not carry it.
 */
export const CLASS_OF_TYPE: Record<string, { code: string; scheme: string; label: string }> = {
  '11502-2': { code: '10', scheme: '1.2.250.1.213.1.1.4.1', label: 'Compte rendu' },
};

/** The XDS format of a CDA, from its templateId, as the kit's CDAHeaderToXDM.xsl maps it. */
export const FORMAT_OF_TEMPLATE: Record<string, { code: string; scheme: string; label: string }> = {
  '1.3.6.1.4.1.19376.1.3.3': {
    code: 'urn:ihe:lab:xd-lab:2008',
    scheme: '1.3.6.1.4.1.19376.1.2.3',
    label: "Compte rendu structuré d'examens de biologie médicale",
  },
};

/** The practice setting (JDV_J04-XdsPracticeSettingCode-CISIS) of the encounter's act code. */
const PRACTICE = '1.2.250.1.213.1.1.4.9';
export const PRACTICE_OF_ENCOUNTER: Record<string, { code: string; scheme: string; label: string }> = {
  AMB: { code: 'AMBULATOIRE', scheme: PRACTICE, label: 'Ambulatoire' },
  IMP: { code: 'ETABLISSEMENT', scheme: PRACTICE, label: 'Etablissement de santé' },
  EMER: { code: 'ETABLISSEMENT', scheme: PRACTICE, label: 'Etablissement de santé' },
};
