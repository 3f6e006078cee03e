import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IMPORT_FILE_TYPES, type ImportFileType } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../lib/errors.js';
import { decodeFile } from './decode.js';
import { parseImportFile } from './index.js';
import { pcrCall } from './pcr.js';
import { isInternalStandard } from './row.js';

const fixtures = fileURLToPath(new URL('../../../../../test/fixtures/instruments/', import.meta.url));
/** The shared real exports stay outside the repository (their licences); read where they are. */
const shared = fileURLToPath(new URL('../../../../../../../../shared/data/instruments/', import.meta.url));

const FIXTURE_OF: Record<ImportFileType, string> = {
  covid19Pcr: 'covid19Pcr.txt',
  rhinoPharyngealPcr: 'rhinoPharyngealPcr.csv',
  salivaPcr: 'salivaPcr.txt',
  stdPcr: 'stdPcr.txt',
  mst: 'mst.csv',
  chlamydia: 'chlamydia.csv',
  mycoplasma: 'mycoplasma.csv',
  neisseria: 'neisseria.csv',
  ecbu: 'ecbu.csv',
  bloodGroup: 'bloodGroup.csv',
  rai: 'rai.csv',
  icpms: 'icpms.csv',
  qualitative: 'qualitative.csv',
  lcQtofQualitative: 'lcQtofQualitative.txt',
  quantitative: 'quantitative.txt',
  thcCooh: 'thcCooh.txt',
  thcD3Istd: 'thcD3Istd.csv',
  forwarding: 'forwarding.csv',
};

const parseFixture = (type: ImportFileType) =>
  parseImportFile(type, readFileSync(fixtures + FIXTURE_OF[type]));
const pick = (type: ImportFileType, sampleRef: string, code: string) =>
  parseFixture(type).rows.find((row) => row.sampleRef === sampleRef && row.instrumentCode === code);

/** A fixture as text, whatever its encoding, to be cut or changed and read again as UTF-8. */
const fixtureText = (type: ImportFileType) => decodeFile(readFileSync(fixtures + FIXTURE_OF[type])).text;
const parseText = (type: ImportFileType, text: string) => parseImportFile(type, Buffer.from(text, 'utf8'));

function refusalOf(run: () => unknown) {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return { code: error.code, details: error.details };
    throw error;
  }
  throw new Error('the file was accepted');
}

describe("the repository's own fixture of each type", () => {
  it.each(IMPORT_FILE_TYPES)('%s is read', (type) => {
    const parsed = parseFixture(type);
    expect(parsed.rows.length).toBeGreaterThan(0);
    for (const row of parsed.rows) {
      expect(row.sampleRef).not.toBe('');
      expect(row.instrumentCode).not.toBe('');
      expect(row.line).toBeGreaterThan(0);
    }
  });

  it('reads the QuantStudio results section, skipping omitted wells', () => {
    const parsed = parseFixture('covid19Pcr');
    expect(parsed.rows).toHaveLength(7);
    expect(pick('covid19Pcr', '2611230001-01', 'N gene')).toMatchObject({ valueNumber: 24.318, line: 11 });
    expect(pick('covid19Pcr', '2611230002-01', 'N gene')).toMatchObject({
      valueText: 'Undetermined',
      valueNumber: null,
    });
    expect(pick('covid19Pcr', 'NTC', 'N gene')?.kind).toBe('blank');
    expect(pick('covid19Pcr', '2611230003-01', 'N gene')).toBeUndefined();
  });

  it('reads a CFX Maestro file re-saved by Excel in French (Windows-1252, ;, decimal commas)', () => {
    const parsed = parseFixture('mycoplasma');
    expect(parsed.encoding).toBe('windows-1252');
    expect(parsed.rows).toHaveLength(4);
    expect(pick('mycoplasma', '2611230008-01', 'M. genitalium')?.valueNumber).toBe(31.25);
    expect(pick('mycoplasma', '2611230009-01', 'M. hominis')?.valueNumber).toBe(36.8);
    expect(pick('rhinoPharyngealPcr', '2611230006-01', 'Influenza A')?.valueNumber).toBe(28.4412);
  });

  it('reads the m2000rt result block: copies/mL, limits and controls', () => {
    const parsed = parseFixture('stdPcr');
    expect(parsed.encoding).toBe('utf-8');
    expect(parsed.rows).toHaveLength(4);
    expect(pick('stdPcr', '2611230010-01', 'CT/NG')).toMatchObject({
      valueNumber: 1520,
      unit: 'Copies / mL',
    });
    expect(pick('stdPcr', '2611230012-01', 'CT/NG')).toMatchObject({ valueNumber: 40, censored: '<' });
    expect(pick('stdPcr', 'CTNG_NEG', 'CT/NG')).toMatchObject({ kind: 'control', valueNumber: null });
  });

  it('reads GeneXpert UTF-16 exports with several cartridges', () => {
    const parsed = parseFixture('mst');
    expect(parsed.encoding).toBe('utf-16le');
    expect(parsed.rows).toHaveLength(10);
    expect(pick('mst', '2611230013-01', 'CT1')).toMatchObject({ valueText: 'POS', valueNumber: 31.4 });
    expect(pick('mst', '2611230014-01', 'CT1')).toMatchObject({ valueText: 'NEG', valueNumber: null });
  });

  it('reads Shimadzu quant blocks per compound, without the summary lines', () => {
    const parsed = parseFixture('thcCooh');
    expect(parsed.rows).toHaveLength(5);
    expect(pick('thcCooh', '2611230018-01', 'THC-COOH')).toMatchObject({ valueNumber: 23.7, kind: 'sample' });
    expect(pick('thcCooh', 'QC 15', 'THC-COOH')?.kind).toBe('control');
    expect(pick('thcCooh', '2611230019-01', 'THC-COOH')?.valueNumber).toBeNull();
    expect(pick('quantitative', 'CAL 50', 'Benzoylecgonine')?.kind).toBe('standard');
  });

  it('reads SCIEX long, MassHunter wide and Varian ICP layouts', () => {
    expect(pick('lcQtofQualitative', '2611230020-01', 'MDMA 194.1 / 163.1')?.valueNumber).toBe(185230.5);
    expect(pick('lcQtofQualitative', '2611230020-01', 'Ketamine 238.1 / 125.0')?.valueNumber).toBeNull();
    expect(parseFixture('thcD3Istd').rows).toHaveLength(3);
    expect(pick('thcD3Istd', '2611230023-01', 'THC-COOH-d3')?.valueNumber).toBe(98012);
    expect(pick('thcD3Istd', 'CAL 1', 'THC-COOH-d3')?.kind).toBe('standard');
    expect(pick('icpms', '2611230024-01', 'Pb 220.353')).toMatchObject({ valueNumber: 12.37, unit: 'µg/L' });
    expect(pick('icpms', 'Blank', 'Pb 220.353')?.kind).toBe('blank');
  });

  it('reads the generic layout in every encoding and delimiter', () => {
    expect(parseFixture('bloodGroup').encoding).toBe('windows-1252');
    expect(pick('bloodGroup', '2611230026-01', 'KELL')?.valueText).toBe('Kell négatif');
    expect(pick('rai', '2611230028-01', 'RAI')?.valueText).toBe('positif : anti-E');
    expect(pick('ecbu', '2611230025-01', 'LEUCO')?.valueNumber).toBe(12000);
    expect(pick('ecbu', '2611230025-01', 'HEMAT')).toMatchObject({ valueNumber: 1000, censored: '<' });
    expect(parseFixture('ecbu').rows).toHaveLength(3);
    expect(pick('qualitative', '2611230029-01', 'HCG')?.valueText).toBe('positif');
    expect(pick('forwarding', '2611230031-01', 'VITD')).toMatchObject({ valueNumber: 28.4, unit: 'ng/mL' });
  });
});

describe("GeneXpert's Test Result line", () => {
  it("is a row of each cartridge, coded by its assay, in the instrument's words", () => {
    const testResults = parseFixture('mst').rows.filter((row) => row.role === 'testResult');
    expect(testResults).toEqual([
      expect.objectContaining({
        sampleRef: '2611230013-01',
        instrumentCode: 'Test Result (Xpert CT_NG)',
        valueText: 'CT DETECTED; NG NOT DETECTED',
        valueNumber: null,
        line: 7,
        kind: 'sample',
      }),
      expect.objectContaining({
        sampleRef: '2611230014-01',
        valueText: 'CT NOT DETECTED; NG DETECTED',
      }),
    ]);
    // The analytes are read as before, beside it.
    expect(pick('mst', '2611230013-01', 'CT1')).toMatchObject({ role: 'analyte', valueText: 'POS' });
  });

  it('keeps an empty Test Result as a row without value', () => {
    expect(pick('neisseria', '2611230016-01', 'Test Result (Xpert CT_NG)')).toMatchObject({
      valueText: '',
      role: 'testResult',
    });
  });
});

describe('internal standards (ISTD) of LC/GC-MS/MS files', () => {
  it.each([
    'THC-d3',
    'THC-COOH-d3',
    'Amphetamine-D5',
    'Cocaine D3',
    'd5-MDMA',
    'THC-d3 318.2 / 196.1',
    'THC-COOH-d3_1',
    '25-OH-D3-d6',
    'Testosterone-13C3',
    'LPC 20:0 (IS)',
    'ISTD THC',
  ])('%s is one', (name) => {
    expect(isInternalStandard(name)).toBe(true);
  });

  it.each([
    'THC-COOH',
    '25-OH-D3',
    '1,25-(OH)2-D3',
    'Vitamin D3',
    'MDMA 194.1 / 163.1',
    'Cer d18:1/16:0',
    'LPC 14:0',
    'Hydromorphone',
    'N gene',
  ])('%s is not', (name) => {
    expect(isInternalStandard(name)).toBe(false);
  });

  it("keeps a Shimadzu ISTD block's area and retention time as its peak, not as a value", () => {
    const istd = pick('thcCooh', '2611230018-01', 'THC-COOH-d3');
    expect(istd).toMatchObject({
      role: 'internalStandard',
      istd: { area: 154200, retentionTime: 3.412 },
    });
    expect(pick('thcCooh', '2611230018-01', 'THC-COOH')).toMatchObject({ role: 'analyte', istd: null });
  });

  it("keeps a MassHunter ISTD's area and RT per injection, calibrators included", () => {
    expect(pick('thcD3Istd', '2611230023-01', 'THC-COOH-d3')).toMatchObject({
      role: 'internalStandard',
      istd: { area: 98012, retentionTime: 6.41 },
    });
    expect(pick('thcD3Istd', 'CAL 1', 'THC-COOH-d3')).toMatchObject({
      kind: 'standard',
      istd: { area: 150877, retentionTime: 6.41 },
    });
  });

  it("follows MultiQuant's IS column when the export has it, else the component's name", () => {
    const header = 'Sample Name\tComponent Name\tIS\tArea\tRetention Time\tCalculated Concentration\n';
    const rows = parseText(
      'lcQtofQualitative',
      `${header}2611230020-01\tTHC\tFalse\t5120\t6.50\t12.1\n2611230020-01\tTHC IS\tTrue\t80110\t6.48\tN/A\n`,
    ).rows;
    expect(rows.map((row) => [row.instrumentCode, row.role, row.istd])).toEqual([
      ['THC', 'analyte', null],
      ['THC IS', 'internalStandard', { area: 80110, retentionTime: 6.48 }],
    ]);
    expect(pick('lcQtofQualitative', '2611230020-01', 'MDMA 194.1 / 163.1')?.role).toBe('analyte');
  });
});

describe('a file cut short', () => {
  /** Where a line's cells end (the delimiters outside quotes): `;`, tab or `,`. */
  function cellEnds(line: string) {
    const ends: number[] = [];
    let quoted = false;
    for (let index = 0; index < line.length; index++) {
      const character = line[index];
      if (character === '"') quoted = !quoted;
      else if (!quoted && (character === ';' || character === '\t' || character === ',')) ends.push(index);
    }
    return ends;
  }

  /** The fixture up to its last value's line, that line cut in the middle of its second cell. */
  function cutAtLastValue(type: ImportFileType) {
    const text = fixtureText(type);
    const rows = parseText(type, text).rows;
    const line = rows[rows.length - 1]?.line ?? 0;
    const lines = text.split(/\r\n|\n|\r/);
    const last = lines[line - 1] ?? '';
    const [first = 0, second = last.length] = cellEnds(last);
    const cut = last.slice(0, first + 1 + Math.ceil((second - first - 1) / 2));
    return { line, text: [...lines.slice(0, line - 1), cut].join('\r\n') };
  }

  it.each(IMPORT_FILE_TYPES)('%s: refused whole when its last line ends before its header does', (type) => {
    const cut = cutAtLastValue(type);
    expect(refusalOf(() => parseText(type, cut.text))).toMatchObject({
      code: 'invalidImportFile',
      details: { line: cut.line, reason: 'truncatedLine' },
    });
  });

  it.each(IMPORT_FILE_TYPES)('%s: read the same when its last line is whole without a line break', (type) => {
    const text = fixtureText(type);
    const whole = parseText(type, text).rows;
    const lines = text.split(/\r\n|\n|\r/);
    const lastValue = whole[whole.length - 1]?.line ?? 0;
    expect(parseText(type, lines.slice(0, lastValue).join('\n')).rows).toEqual(
      whole.filter((row) => row.line <= lastValue),
    );
  });

  it('names the first cell the cut line lacks', () => {
    const file = 'echantillon;code;resultat;unite\n2611230001-01;GLY;5,4;mmol/L\n2611230002-01;GLY;1,2';
    expect(refusalOf(() => parseText('forwarding', file)).details).toEqual({
      line: 3,
      column: 'unite',
      reason: 'truncatedLine',
    });
  });

  it('accepts lines whose empty cells at the end were not written, when a line break follows', () => {
    const file =
      'echantillon;code;resultat;unite;commentaire\r\n2611230001-01;GLY;5,4\r\n2611230002-01;GLY;1,2\r\n';
    expect(parseText('forwarding', file).rows.map((row) => row.valueNumber)).toEqual([5.4, 1.2]);
  });

  it('refuses a GeneXpert file that ends on its Test Result line', () => {
    const text = fixtureText('mst');
    const lines = text.split(/\r\n|\n|\r/);
    const at = lines.indexOf('Test Result,CT NOT DETECTED|NG DETECTED|');
    const cut = [...lines.slice(0, at), 'Test Result,CT NOT DET'].join('\r\n');
    expect(refusalOf(() => parseText('mst', cut)).details).toEqual({
      line: at + 1,
      column: 'Test Result',
      reason: 'truncatedLine',
    });
  });

  it('refuses a TQ8030 summary whose last row lost its sample type', () => {
    const row = (sample: string, conc: string, type: string) =>
      `run.qgd\t${sample}\t-----\t${conc}\t-----\t-----\t-----\t-----\t-----\t1\t${type}\t-----\t-----`;
    const whole = `THC-COOH${'\t'.repeat(12)}\r\n${row('2611230018-01', '23.7', 'Unknown')}\r\n${row('CAL 50', '50', 'Standard')}`;
    expect(parseText('thcCooh', whole).rows.map((line) => line.kind)).toEqual(['sample', 'standard']);
    expect(
      refusalOf(() => parseText('thcCooh', whole.slice(0, whole.lastIndexOf('\tStandard')))).details,
    ).toEqual({
      line: 3,
      column: 'Sample Type',
      reason: 'truncatedLine',
    });
  });

  it('refuses a PCR line, wherever it is, that stops before its Ct', () => {
    const file = [
      '[Results]',
      'Well\tSample Name\tTarget Name\tTask\tCT\tCt Mean',
      '1\t2611230001-01\tN gene\tUNKNOWN\t24.3\t24.3',
      '2\t2611230002-01\tN gene\tUNKNOWN',
      '3\t2611230003-01\tN gene\tUNKNOWN\tUndetermined\t',
      '',
    ].join('\n');
    expect(refusalOf(() => parseText('covid19Pcr', file)).details).toEqual({
      line: 4,
      column: 'CT',
      reason: 'missingCell',
    });
  });
});

describe('files that are not what the type expects', () => {
  it('names the line and the column that is missing', () => {
    const bytes = Buffer.from('echantillon;code;valeur_inconnue\n2611230001-01;GLY;5\n');
    expect(refusalOf(() => parseImportFile('qualitative', bytes))).toEqual({
      code: 'invalidImportFile',
      details: { line: 1, column: 'resultat', reason: 'missingColumn' },
    });
  });

  it('names the line of an empty sample id', () => {
    const bytes = Buffer.from('echantillon;code;resultat\n2611230001-01;GLY;5\n;GLY;6\n');
    expect(refusalOf(() => parseImportFile('forwarding', bytes)).details).toEqual({
      line: 3,
      column: 'echantillon',
      reason: 'emptyCell',
    });
  });

  it('refuses an LC-MS/MS table chosen as a qPCR type', () => {
    const bytes = readFileSync(fixtures + FIXTURE_OF.quantitative);
    expect(refusalOf(() => parseImportFile('covid19Pcr', bytes)).details).toMatchObject({
      column: '[Results]',
      reason: 'missingSection',
    });
    expect(refusalOf(() => parseImportFile('mst', bytes)).details).toMatchObject({
      reason: 'missingSection',
    });
    expect(refusalOf(() => parseImportFile('icpms', bytes)).code).toBe('invalidImportFile');
  });
});

describe('PCR positivity', () => {
  it.each([
    [{ valueText: '24.3', valueNumber: 24.3 }, 'détecté'],
    [{ valueText: '40', valueNumber: 40 }, 'détecté'],
    [{ valueText: '41.2', valueNumber: 41.2 }, 'non détecté'],
    [{ valueText: 'Undetermined', valueNumber: null }, 'non détecté'],
    [{ valueText: 'NaN', valueNumber: null }, 'non détecté'],
    [{ valueText: 'POS', valueNumber: 31.4 }, 'détecté'],
    [{ valueText: 'NEG', valueNumber: null }, 'non détecté'],
    [{ valueText: 'Not detected', valueNumber: null }, 'non détecté'],
    [{ valueText: '< 40 Copies / mL', valueNumber: 40 }, 'détecté'],
    [{ valueText: 'NA', valueNumber: 27.1 }, 'détecté'],
  ] as const)('%j is %s', (row, call) => {
    expect(pcrCall(row)).toBe(call);
  });

  it('follows the cut-off of the mapping', () => {
    expect(pcrCall({ valueText: '36', valueNumber: 36 }, 35)).toBe('non détecté');
  });
});

describe.skipIf(!existsSync(shared))('the shared real exports', () => {
  const real = (type: ImportFileType, file: string) => parseImportFile(type, readFileSync(shared + file));

  it('QuantStudio 7 Flex: 16 wells of TARGET_1', () => {
    const { rows } = real('covid19Pcr', 'qpcr_quantstudio7flex_allotropy_example01.txt');
    expect(rows).toHaveLength(16);
    expect(rows[0]).toMatchObject({
      sampleRef: '1SAMPLE_1.1',
      instrumentCode: 'TARGET_1',
      valueNumber: 18.717,
    });
  });

  it('CFX Maestro: 48 wells, the dye naming what the empty Target leaves out', () => {
    const { rows } = real('rhinoPharyngealPcr', 'qpcr_biorad_cfxmaestro_allotropy_example01.csv');
    expect(rows).toHaveLength(48);
    expect(rows[0]).toMatchObject({
      sampleRef: 'M3905 R Ctx',
      instrumentCode: 'FAM',
      valueNumber: 21.1877528266099,
    });
  });

  it('m2000rt (UTF-8 with BOM, CRLF): 24 wells, 3 controls', () => {
    const { rows, encoding } = real('stdPcr', 'qpcr_abbott_m2000rt_senaite_Results.log.321.txt');
    expect(encoding).toBe('utf-8');
    expect(rows).toHaveLength(24);
    expect(rows.filter((row) => row.kind === 'control')).toHaveLength(3);
    expect(rows.find((row) => row.sampleRef === 'HHHHHHHH')?.valueNumber).toBe(128630);
    expect(rows.find((row) => row.sampleRef === 'IIIIIIII')).toMatchObject({
      valueNumber: 40,
      censored: '<',
    });
  });

  it('GeneXpert (UTF-16LE): 6 analytes of AP-0001, GP and NP positive', () => {
    const { rows, encoding } = real('mst', 'qpcr_cepheid_genexpert_senaite.csv');
    expect(encoding).toBe('utf-16le');
    expect(rows.map((row) => `${row.instrumentCode}:${row.valueText}`)).toEqual([
      'Test Result (Ebola RUO):Ebola GP DETECTED; Ebola NP DETECTED',
      'CIC:NA',
      'GP:POS',
      'NP:POS',
      'SAC:NA',
      'QC-1:NEG',
      'QC-2:NEG',
    ]);
    expect(rows.every((row) => row.sampleRef === 'AP-0001')).toBe(true);
    expect(rows.find((row) => row.instrumentCode === 'GP')?.valueNumber).toBe(39.1);
  });

  it('Shimadzu LCMS-8050 and GCMS TQ8030 quant tables', () => {
    const lcms = real('quantitative', 'lcmsms_shimadzu_lcms8050_senaite.txt').rows;
    expect(lcms.map((row) => [row.sampleRef, row.instrumentCode, row.valueNumber])).toEqual([
      ['H2O-0001', 'Mg', 2],
      ['H2O-0001', 'Ca', null],
    ]);
    const gcms = real('thcCooh', 'gcmsms_shimadzu_tq8030_senaite.txt').rows;
    expect(gcms.map((row) => [row.sampleRef, row.instrumentCode, row.valueNumber])).toEqual([
      ['H2O-0001', 'Ca', null],
      ['1-0001', 'Ca', 123],
      ['H2O-0001', 'Mg', 2],
      ['1-0002', 'Mg', 789],
    ]);
  });

  it('SCIEX long format: 13,664 sample × component lines', () => {
    const { rows } = real('lcQtofQualitative', 'lcmsms_sciex_multiquant_msorganiser_SciExTestData.txt');
    expect(rows).toHaveLength(13664);
    expect(rows[0]).toMatchObject({ sampleRef: 'Blank 01', instrumentCode: '496.5 / 257.1', line: 2 });
    expect(rows[1]?.valueNumber).toBeNull();
  });

  it('MassHunter compound table: 122 compounds × 50 injections, 4 of them internal standards', () => {
    const { rows } = real('thcD3Istd', 'lcmsms_agilent_masshunter_compoundtable_msorganiser.csv');
    expect(rows).toHaveLength(6100);
    const standards = rows.filter((row) => row.role === 'internalStandard');
    expect(new Set(standards.map((row) => row.instrumentCode))).toEqual(
      new Set(['LPC 20:0 (IS)', 'PC 28:0 (IS)', 'PS 28:0 (IS)', 'SM 30:1 (IS)']),
    );
    expect(standards).toHaveLength(200);
    expect(standards.every((row) => row.istd?.area !== null && row.istd?.retentionTime !== null)).toBe(true);
    expect(rows[0]).toMatchObject({
      sampleRef: 'ISTD_19082016',
      instrumentCode: 'LPC 14:0',
      valueNumber: 439,
    });
  });

  it('Horiba Jobin Yvon and Varian Vista Pro ICP-OES', () => {
    const horiba = real('icpms', 'icp_horiba_jobinyvon_senaite.csv').rows;
    expect(horiba).toHaveLength(462);
    expect(horiba[0]).toMatchObject({
      sampleRef: 'QC 350 PPM',
      instrumentCode: 'Ca 315.887',
      valueNumber: 332.779,
      unit: 'mg/l',
    });
    expect(horiba.find((row) => row.valueText === '-0.016 X')?.instrumentCode).toBe('Cu 327.396');
    const varian = real('icpms', 'icpoes_varian_vistapro_senaite.csv').rows;
    expect(varian).toHaveLength(287);
    expect(varian.filter((row) => row.kind === 'blank')).toHaveLength(12);
  });
});
