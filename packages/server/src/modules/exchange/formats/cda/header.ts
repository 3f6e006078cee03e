import { BIOLOGY_CHAPTERS, type BiologyChapter } from '@sil/contract';
import type { ExchangeDocument } from '../../document.js';
import { compactDate, hl7Time } from '../common.js';
import { namePrefix, OID, splitName, TEMPLATES } from './codes.js';
import type { Child, MakeElement } from './xml.js';

/** The code of a report chapter, as sections and documented acts carry it. */
export const chapterCode = (el: MakeElement, chapter: BiologyChapter) =>
  el('code', {
    code: chapter,
    displayName: BIOLOGY_CHAPTERS[chapter],
    codeSystem: OID.loinc,
    codeSystemName: 'LOINC',
  });

/**
 * The header of the CR-BIO: what the document is (its id, version and the one it replaces), whom
 * it is about (the INS only for a qualified identity, as the national INS rules ask), who wrote,
 * signed and keeps it, whom it is for, the chapters it documents and the laboratory visit.
 */
export function cdaHeader(el: MakeElement, doc: ExchangeDocument): Child[] {
  const { patient, prescriber, laboratory, biologist } = doc;
  const validatedAt = hl7Time(doc.validatedAt);
  const collectedAt = hl7Time(doc.record.collectedAt) || validatedAt;
  const root = laboratory.oidRoot;
  const localId = (kind: number, value: string) => el('id', { root: `${root}.${kind}`, extension: value });
  // The biologist's profession and specialty (TRE_G15 / R38), wherever the header names them.
  const specialty = () =>
    el('code', {
      code: biologist.specialty.code,
      displayName: biologist.specialty.label,
      codeSystem: OID.profession,
    });
  const phone = laboratory.phone?.replace(/[^\d+]/g, '');
  const telecom = () => (phone ? el('telecom', { value: `tel:${phone}`, use: 'WP' }) : null);
  const address = () =>
    el(
      'addr',
      laboratory.address ? {} : { nullFlavor: 'UNK' },
      laboratory.address && el('streetAddressLine', {}, laboratory.address),
    );
  const organization = (tag: string) =>
    el(
      tag,
      {},
      laboratory.finess ? el('id', { root: OID.finess, extension: laboratory.finess }) : null,
      el('name', {}, laboratory.name),
      telecom(),
      address(),
    );
  const personName = (name: { prefix?: string; given?: string; family: string }) =>
    el(
      'name',
      {},
      name.prefix && el('prefix', {}, name.prefix),
      name.given && el('given', {}, name.given),
      el('family', {}, name.family),
    );
  const biologistName = splitName(biologist.name || 'Biologiste');
  const biologistId = () =>
    biologist.nationalId
      ? el('id', { root: OID.nationalPs, extension: biologist.nationalId })
      : localId(5, biologist.id);
  const biologistEntity = () =>
    el(
      'assignedEntity',
      {},
      biologistId(),
      specialty(),
      address(),
      telecom(),
      el('assignedPerson', {}, personName(biologistName)),
      organization('representedOrganization'),
    );
  const chapters = [...new Set(doc.analyses.map((analysis) => analysis.chapter))];
  const [mainChapter, ...otherChapters] = chapters;
  const patientName = el(
    'name',
    {},
    el('given', {}, patient.firstName),
    el('family', { qualifier: 'BR' }, patient.birthName ?? patient.surname),
    patient.birthName &&
      patient.birthName !== patient.surname &&
      el('family', { qualifier: 'SP' }, patient.surname),
  );

  return [
    el('realmCode', { code: 'FR' }),
    el('typeId', { root: '2.16.840.1.113883.1.3', extension: 'POCD_HD000040' }),
    ...TEMPLATES.document.map((root) => el('templateId', { root })),
    el('templateId', { root: TEMPLATES.crBio, extension: '2021.01' }),
    localId(2, doc.id),
    el('code', {
      code: '11502-2',
      codeSystem: OID.loinc,
      codeSystemName: 'LOINC',
      displayName: "CR d'examens biologiques",
    }),
    el('title', {}, "Compte rendu d'examens biologiques"),
    el('effectiveTime', { value: validatedAt }),
    el('confidentialityCode', { code: 'N', displayName: 'Normal', codeSystem: OID.confidentiality }),
    el('languageCode', { code: 'fr-FR' }),
    el('setId', { root: `${root}.3`, extension: doc.record.id }),
    el('versionNumber', { value: String(doc.version) }),
    el(
      'recordTarget',
      {},
      el(
        'patientRole',
        {},
        patient.ins && el('id', { root: patient.ins.oid, extension: patient.ins.value }),
        localId(4, patient.id),
        el(
          'patient',
          {},
          patientName,
          el('administrativeGenderCode', {
            code: patient.sex === 'U' ? 'UN' : patient.sex,
            codeSystem: OID.gender,
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
        biologistId(),
        specialty(),
        address(),
        telecom(),
        el('assignedPerson', {}, personName(biologistName)),
        organization('representedOrganization'),
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
            ? el('id', { root: OID.finess, extension: laboratory.finess })
            : el('id', { nullFlavor: 'UNK' }),
          el('name', {}, laboratory.name),
          telecom(),
          address(),
        ),
      ),
    ),
    prescriber &&
      el(
        'informationRecipient',
        {},
        el(
          'intendedRecipient',
          {},
          prescriber.rpps && el('id', { root: OID.nationalPs, extension: `8${prescriber.rpps}` }),
          el(
            'informationRecipient',
            {},
            personName({
              prefix: namePrefix(prescriber.title),
              given: prescriber.firstName,
              family: prescriber.surname,
            }),
          ),
        ),
      ),
    el(
      'legalAuthenticator',
      {},
      el('time', { value: validatedAt }),
      el('signatureCode', { code: 'S' }),
      biologistEntity(),
    ),
    mainChapter &&
      el(
        'documentationOf',
        {},
        el(
          'serviceEvent',
          {},
          chapterCode(el, mainChapter),
          el(
            'effectiveTime',
            {},
            el('low', { value: collectedAt }),
            validatedAt > collectedAt && el('high', { value: validatedAt }),
          ),
        ),
      ),
    ...otherChapters.map((chapter) =>
      el('documentationOf', {}, el('serviceEvent', {}, chapterCode(el, chapter))),
    ),
    doc.replaces &&
      el('relatedDocument', { typeCode: 'RPLC' }, el('parentDocument', {}, localId(2, doc.replaces))),
    el(
      'componentOf',
      {},
      el(
        'encompassingEncounter',
        {},
        el('code', { code: 'AMB', displayName: 'Ambulatoire', codeSystem: OID.actCode }),
        el('effectiveTime', {}, el('low', { value: collectedAt })),
        el('responsibleParty', {}, biologistEntity()),
        el(
          'location',
          {},
          el(
            'healthCareFacility',
            {},
            el('code', {
              code: 'SA25',
              displayName: 'Laboratoire de biologie médicale',
              codeSystem: OID.sector,
            }),
            el('location', {}, el('name', {}, laboratory.name), address()),
          ),
        ),
      ),
    ),
  ];
}
