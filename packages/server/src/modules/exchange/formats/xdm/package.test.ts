import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DOMParser } from '@xmldom/xmldom';
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import xpath from 'xpath';
import { buildCda } from '../cda/index.js';
import { KNOWN_RECORD } from '../fixture.js';
import { SCHEME } from './codes.js';
import { buildXdmPackage, XDM_FILES } from './index.js';

const SENDER = { laboratory: 'Laboratoire des Tilleuls (FINESS 750000001)', application: 'SIL' };
const SUBMITTED = {
  submittedAt: new Date('2026-03-12T15:00:00Z'),
  submissionSetUuid: '0f1e2d3c-4b5a-4968-8776-5a4b3c2d1e0f',
  documentUuid: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
};

function unpack(cda: string) {
  const files = unzipSync(new Uint8Array(buildXdmPackage(cda, SENDER, SUBMITTED)));
  const text = (name: string) => Buffer.from(files[name] ?? []).toString('utf8');
  const metadata = new DOMParser().parseFromString(text(XDM_FILES.metadata), 'text/xml');
  const select = xpath.useNamespaces({ rim: 'urn:oasis:names:tc:ebxml-regrep:xsd:rim:3.0' });
  const values = (query: string) => (select(query, metadata) as Attr[]).map((node) => node.value);
  const slot = (name: string) =>
    (select(`//rim:ExtrinsicObject//rim:Slot[@name='${name}']//rim:Value/text()`, metadata) as Text[]).map(
      (node) => node.data,
    );
  const classified = (scheme: string) =>
    values(`//rim:ExtrinsicObject/rim:Classification[@classificationScheme='${scheme}']/@nodeRepresentation`);
  const identified = (scheme: string) =>
    values(`//rim:ExternalIdentifier[@identificationScheme='${scheme}']/@value`);
  return { files, text, slot, classified, identified };
}

describe('the IHE XDM package of a CR-BIO', () => {
  const cda = buildCda(KNOWN_RECORD);
  const xdm = unpack(cda);

  it('unpacks to the layout secure health messaging expects, the CDA untouched', () => {
    expect(Object.keys(xdm.files).sort()).toEqual([
      'IHE_XDM/SUBSET01/DOC0001.XML',
      'IHE_XDM/SUBSET01/METADATA.XML',
      'INDEX.HTM',
      'README.TXT',
    ]);
    expect(xdm.text(XDM_FILES.document)).toBe(cda);
    expect(xdm.text(XDM_FILES.readme)).toContain('Laboratoire des Tilleuls (FINESS 750000001)');
    expect(xdm.text(XDM_FILES.index)).toContain('href="README.TXT"');
  });

  it('writes METADATA.XML and INDEX.HTM that xmllint reads as well-formed XML', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'xdm-'));
    for (const name of [XDM_FILES.metadata, XDM_FILES.index]) {
      const file = path.join(folder, path.basename(name));
      writeFileSync(file, xdm.text(name));
      const lint = spawnSync('xmllint', ['--noout', file], { encoding: 'utf8' });
      expect(lint.error).toBeUndefined();
      expect(lint.stderr).toBe('');
      expect(lint.status).toBe(0);
    }
  });

  it("gives DOC0001.XML's SHA-1 and size, as its bytes are", () => {
    const bytes = Buffer.from(xdm.files[XDM_FILES.document] ?? []);
    expect(xdm.slot('hash')).toEqual([createHash('sha1').update(bytes).digest('hex')]);
    expect(xdm.slot('size')).toEqual([String(bytes.length)]);
    expect(xdm.slot('URI')).toEqual(['DOC0001.XML']);
  });

  it("takes the ids, author and codes from the CDA's header", () => {
    expect(xdm.identified(SCHEME.documentUniqueId)).toEqual([
      `1.2.250.1.71.4.2.2.750000001.2^${KNOWN_RECORD.id}`,
    ]);
    const ins = '279035121518989^^^&1.2.250.1.213.1.4.10&ISO^NH';
    expect(xdm.identified(SCHEME.documentPatientId)).toEqual([ins]);
    expect(xdm.identified(SCHEME.submissionPatientId)).toEqual([ins]);
    expect(xdm.slot('sourcePatientId')).toEqual([
      `${KNOWN_RECORD.patient.id}^^^&1.2.250.1.71.4.2.2.750000001.4&ISO^PI`,
    ]);
    expect(xdm.slot('authorPerson')).toEqual([
      `${KNOWN_RECORD.biologist.id}^Biologiste^Claire^^^^^^&1.2.250.1.71.4.2.2.750000001.5&ISO^D^^^RI`,
    ]);
    expect(xdm.slot('authorInstitution')).toEqual([
      'Laboratoire des Tilleuls^^^^^&1.2.250.1.71.4.2.2&ISO^IDNST^^^750000001',
    ]);
    expect(xdm.slot('authorSpecialty')).toEqual([
      'G15_10/SM03^Médecin - Biologie médicale (SM)^1.2.250.1.213.1.1.4.5',
    ]);
    expect(xdm.classified(SCHEME.classCode)).toEqual(['10']);
    expect(xdm.classified(SCHEME.typeCode)).toEqual(['11502-2']);
    expect(xdm.classified(SCHEME.formatCode)).toEqual(['urn:ihe:lab:xd-lab:2008']);
    expect(xdm.classified(SCHEME.confidentialityCode)).toEqual(['N']);
    expect(xdm.classified(SCHEME.healthcareFacilityTypeCode)).toEqual(['SA25']);
    expect(xdm.classified(SCHEME.practiceSettingCode)).toEqual(['AMBULATOIRE']);
    expect(xdm.classified(SCHEME.eventCodeList).length).toBeGreaterThan(0);
    expect(xdm.slot('creationTime')).toEqual(['20260312154210']);
    expect(xdm.slot('languageCode')).toEqual(['fr-FR']);
    expect(xdm.slot('sourcePatientInfo')).toEqual(['PID-5|MARTIN^Élodie^^^^^L', 'PID-7|19790321', 'PID-8|F']);
    expect(xdm.identified(SCHEME.submissionSourceId)).toEqual(['1.2.250.1.71.4.2.2.750000001']);
  });

  it("names the patient by the laboratory's own id when the identity is not qualified", () => {
    const unqualified = unpack(
      buildCda({ ...KNOWN_RECORD, patient: { ...KNOWN_RECORD.patient, ins: undefined } }),
    );
    const own = `${KNOWN_RECORD.patient.id}^^^&1.2.250.1.71.4.2.2.750000001.4&ISO^PI`;
    expect(unqualified.identified(SCHEME.documentPatientId)).toEqual([own]);
    expect(unqualified.identified(SCHEME.submissionPatientId)).toEqual([own]);
  });
});
