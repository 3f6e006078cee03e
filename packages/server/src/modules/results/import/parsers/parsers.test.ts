import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { IMPORT_FILE_TYPES, type ImportFileType } from '@sil/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../../../lib/errors.js';
import { parseImportFile } from './index.js';
import { pcrCall } from './pcr.js';

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
    expect(parsed.rows).toHaveLength(8);
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

  it('MassHunter compound table: 122 compounds × 50 injections', () => {
    const { rows } = real('thcD3Istd', 'lcmsms_agilent_masshunter_compoundtable_msorganiser.csv');
    expect(rows).toHaveLength(6100);
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
