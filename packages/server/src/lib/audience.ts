import { type ApiRouteDef, audienceOf, keysOf, projectOnto, type Rights } from '@sil/contract';
import type { ExportSheet } from './list/export-file.js';

/**
 * The one place where an answer is cut to its reader (docs/decisions/0012-audiences.md): a clinic
 * user or a prescriber receives the answer projected onto the route's view for their audience
 * (`audiences` in the route table); an export keeps only the columns of that view. Staff, and
 * calls that carry no records nor patients, get the answer as the handler gave it.
 */
export function answerFor(def: ApiRouteDef, rights: Rights | undefined, answer: unknown): unknown {
  const audience = rights ? audienceOf(rights.user_type) : 'staff';
  if (audience === 'staff' || !def.audiences) return answer;
  const view = def.audiences[audience];
  if (def.kind !== 'export') return projectOnto(view, answer);
  const allowed = keysOf(view);
  const sheet = answer as ExportSheet;
  const columns = sheet.columns.filter((column) => allowed.has(column));
  return {
    ...sheet,
    columns,
    rows: sheet.rows.map((row) => Object.fromEntries(columns.map((column) => [column, row[column]]))),
  } satisfies ExportSheet;
}
