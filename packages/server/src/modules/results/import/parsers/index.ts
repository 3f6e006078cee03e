import type { ImportFileType } from '@sil/contract';
import { decodeFile, type FileEncoding } from './decode.js';
import { parseCfxMaestro } from './families/cfx-maestro.js';
import { parseGeneric } from './families/generic.js';
import { parseGeneXpert } from './families/genexpert.js';
import { parseIcp } from './families/icp.js';
import { parseM2000rt } from './families/m2000rt.js';
import { parseMassHunter } from './families/masshunter.js';
import { parseQuantStudio } from './families/quantstudio.js';
import { parseSciex } from './families/sciex.js';
import { parseShimadzu } from './families/shimadzu.js';
import type { ImportRow } from './row.js';

export type ParserFamily =
  | 'quantStudio'
  | 'cfxMaestro'
  | 'm2000rt'
  | 'geneXpert'
  | 'shimadzu'
  | 'sciex'
  | 'massHunter'
  | 'icp'
  | 'generic';

const PARSERS: Record<ParserFamily, (text: string) => ImportRow[]> = {
  quantStudio: parseQuantStudio,
  cfxMaestro: parseCfxMaestro,
  m2000rt: parseM2000rt,
  geneXpert: parseGeneXpert,
  shimadzu: parseShimadzu,
  sciex: parseSciex,
  massHunter: parseMassHunter,
  icp: parseIcp,
  generic: parseGeneric,
};

/** The family that reads each file type (docs/formats/instruments.md, 'The 18 types'). */
export const FAMILY_OF_TYPE: Record<ImportFileType, ParserFamily> = {
  covid19Pcr: 'quantStudio',
  rhinoPharyngealPcr: 'cfxMaestro',
  salivaPcr: 'quantStudio',
  stdPcr: 'm2000rt',
  mst: 'geneXpert',
  chlamydia: 'geneXpert',
  mycoplasma: 'cfxMaestro',
  neisseria: 'geneXpert',
  ecbu: 'generic',
  bloodGroup: 'generic',
  rai: 'generic',
  icpms: 'icp',
  qualitative: 'generic',
  lcQtofQualitative: 'sciex',
  quantitative: 'shimadzu',
  thcCooh: 'shimadzu',
  thcD3Istd: 'massHunter',
  forwarding: 'generic',
};

export interface ParsedFile {
  encoding: FileEncoding;
  family: ParserFamily;
  rows: ImportRow[];
}

/** Reads an instrument file as its type says, or refuses it naming the line and the column. */
export function parseImportFile(type: ImportFileType, bytes: Uint8Array): ParsedFile {
  const { text, encoding } = decodeFile(bytes);
  const family = FAMILY_OF_TYPE[type];
  return { encoding, family, rows: PARSERS[family](text) };
}

export { pcrCall } from './pcr.js';
export type { ImportRow, RowKind } from './row.js';
