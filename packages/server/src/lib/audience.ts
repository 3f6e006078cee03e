import {
  type ApiRouteDef,
  type Audience,
  audienceOf,
  EXTERNAL_AUDIENCES,
  keysOf,
  projectOnto,
  type Rights,
} from '@sil/contract';
import { z } from 'zod';
import type { ExportSheet } from './list/export-file.js';
import { compileProjection, type Projection } from './typed-answer.js';

const audienceOfRights = (rights: Rights | undefined): Audience =>
  rights ? audienceOf(rights.user_type) : 'staff';

/**
 * The one place where an answer is cut to its reader (docs/decisions/0012-audiences.md): a clinic
 * user or a prescriber receives the answer projected onto the route's view for their audience
 * (`audiences` in the route table); an export keeps only the columns of that view. Staff, and
 * calls that carry no records nor patients, get the answer as the handler gave it.
 */
export function answerFor(def: ApiRouteDef, rights: Rights | undefined, answer: unknown): unknown {
  const audience = audienceOfRights(rights);
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

/**
 * The JSON of an answer built from typed rows, cut to its reader: the view of the caller's audience
 * (staff read the first view of the route's response, as `audienceAnswer` orders them), written by
 * a projection compiled once per route and audience instead of the zod check of every value
 * (lib/typed-answer.ts). The same text as `answerFor` then the zod serializer, for a right answer.
 */
export function typedAnswerWriter(def: ApiRouteDef): (rights: Rights | undefined, answer: unknown) => string {
  if (!def.response) throw new Error(`${def.path} has no response schema to write its answer with`);
  const staffView =
    def.audiences && def.response instanceof z.ZodUnion
      ? (def.response.options[0] as z.ZodType)
      : def.response;
  const projections = new Map<Audience, Projection>([['staff', compileProjection(staffView)]]);
  for (const audience of EXTERNAL_AUDIENCES) {
    const view = def.audiences?.[audience];
    if (view) projections.set(audience, compileProjection(view));
  }
  const staff = projections.get('staff') as Projection;
  return (rights, answer) => JSON.stringify((projections.get(audienceOfRights(rights)) ?? staff)(answer));
}
