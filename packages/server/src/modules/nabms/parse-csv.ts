import type * as CsvParse from 'csv-parse/sync';
import { fail } from '../../lib/errors.js';
import { onFirstUse } from '../../lib/on-first-use.js';
import { isFlag, type NabmAct, normalizeCode, parseDate, parseDecimal, textOrNull } from './act.js';

const csvParse = onFirstUse<typeof CsvParse>('csv-parse/sync');

const REQUIRED_COLUMNS = ['BIO_PRS_IDE', 'BIO_INF_LIB', 'BIO_TAR_COF'];

/**
 * The national table in the SNDS reference layout (IR_BIO_R: ';'-separated, one act per line).
 * See docs/formats/nabm.md for the column mapping.
 */
export function parseNabmCsv(text: string): NabmAct[] {
  // Loaded outside the try: a library that cannot load is the server's fault, not the file's.
  const { parse } = csvParse();
  let records: Array<Record<string, string>>;
  try {
    records = parse(text, {
      delimiter: ';',
      columns: true,
      bom: true,
      skip_empty_lines: true,
      trim: true,
      relax_column_count: true,
    });
  } catch (error) {
    return fail('invalidImportFile', {
      reason: 'csv',
      detail: error instanceof Error ? error.message : String(error),
    });
  }
  const header = Object.keys(records[0] ?? {});
  const missing = REQUIRED_COLUMNS.filter((column) => !header.includes(column));
  if (missing.length > 0) fail('invalidImportFile', { reason: 'missingColumns', columns: missing });

  return records.map((record, index) => {
    const line = index + 2;
    const code = normalizeCode(record.BIO_PRS_IDE ?? '');
    const coefficient = parseDecimal(record.BIO_TAR_COF);
    const dates = {
      creation: parseDate(record.BIO_CRE_DAT),
      end: parseDate(record.BIO_SUP_DAT),
      version: parseDate(record.BIO_HIS_DTD),
    };
    const maxCount = parseDecimal(record.BIO_MAX_EXE);
    const ruleMax = parseDecimal(record.BIO_MAX_REG);
    if (!code) return fail('invalidImportFile', { line, field: 'BIO_PRS_IDE' });
    if (!record.BIO_INF_LIB?.trim()) return fail('invalidImportFile', { line, field: 'BIO_INF_LIB' });
    if (coefficient === undefined) return fail('invalidImportFile', { line, field: 'BIO_TAR_COF' });
    if (Object.values(dates).includes(undefined)) return fail('invalidImportFile', { line, field: 'date' });
    if (maxCount === undefined) return fail('invalidImportFile', { line, field: 'BIO_MAX_EXE' });
    if (ruleMax === undefined) return fail('invalidImportFile', { line, field: 'BIO_MAX_REG' });
    const subchapters = ['BIO_ARB_SC1', 'BIO_ARB_SC2', 'BIO_ARB_SC3', 'BIO_ARB_SC4'].map(
      (column) => record[column]?.trim() || '0',
    );
    return {
      nabm_code: code,
      nabm_wording: record.BIO_INF_LIB.trim(),
      nabm_chapter: textOrNull(record.BIO_ARB_CHA),
      nabm_subchapter: subchapters.join('.'),
      nabm_key_letter: textOrNull(record.BIO_TAR_NAT) ?? 'B',
      nabm_coef_b: coefficient ?? 0,
      nabm_agreement: isFlag(record.BIO_ENP_TOP),
      nabm_bio_initiative: isFlag(record.BIO_BIO_INV),
      nabm_blood_test: isFlag(record.BIO_SNG_TOP),
      nabm_contingency: isFlag(record.BIO_TUX_TOP),
      nabm_incompatible_codes: [],
      nabm_last_eeet_date: dates.version ?? null,
      nabm_max_num_code: maxCount === null || maxCount === 0 ? null : maxCount,
      nabm_rmo: textOrNull(record.BIO_MED_REF),
      nabm_spec_rule_num: textOrNull(record.BIO_SPE_REG),
      nabm_spec_rule_max: ruleMax === null || ruleMax === 0 ? null : ruleMax,
      nabm_reserved_acts: isFlag(record.BIO_RES_TOP),
      nabm_creation_date: dates.creation ?? null,
      nabm_end_date: dates.end ?? null,
      inactive: false,
    };
  });
}
