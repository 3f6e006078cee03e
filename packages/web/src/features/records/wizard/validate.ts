import { AddPatientBody, PATIENT_REQUIRED } from '@sil/contract';
import type { z } from 'zod';
import { fieldIssues } from '../../../lib/table/field-issues';
import { createPayload } from '../../../lib/table/payload';
import type { Payload } from './wizard-values';

/** Messages the contract's schemas give on purpose; any other issue reads 'invalid'. */
const KNOWN = new Set(['required', 'nir', 'cog', 'phone', 'date', 'ins', 'country', 'email']);

/** Messages of the server's identity rules (INS and OID), which the contract's schemas cannot check. */
const SERVER_KNOWN = new Set(['insRequired', 'insAndOidTogether', 'unknownOid', 'nia']);

/** The translation key of an issue under an input of the wizard. */
export function issueTextKey(issue: string): string {
  return SERVER_KNOWN.has(issue) ? `flow.issues.${issue}` : `issues.${issue}`;
}

export type Issues = Record<string, string>;

/**
 * Whether a field is one a new patient cannot go without: the contract's list (PATIENT_REQUIRED),
 * which both marks the inputs and refuses the identity step, so the two never disagree.
 */
export const isRequiredField = (field: string): boolean =>
  PATIENT_REQUIRED.some((required) => required === field);

function issueKey(issue: { message: string; code?: string }): string {
  if (KNOWN.has(issue.message) || SERVER_KNOWN.has(issue.message)) return issue.message;
  if (issue.code === 'invalid_format' && issue.message.toLowerCase().includes('email')) return 'email';
  return 'invalid';
}

/** Issues by field of the contract's own schema, so the wizard refuses what the server would. */
export function issuesOf(error: z.ZodError): Issues {
  const issues: Issues = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    issues[field] ??= issueKey(issue);
  }
  return issues;
}

/** The create body as the contract reads it; issues by field when it refuses it. */
export function parseCreate(body: Payload) {
  return AddPatientBody.safeParse(createPayload(body));
}

/**
 * A date-time with one part left empty travels as 'YYYY-MM-DDT' or 'THH:mm' (the field never
 * guesses the other part): the issue names the missing part, not a bare 'invalid value'.
 */
function missingPartOf(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (/^\d{4}-\d{2}-\d{2}T$/.test(value)) return 'time_missing';
  if (/^T\d{2}:\d{2}$/.test(value)) return 'day_missing';
  return undefined;
}

/**
 * Every issue of the wizard's inputs. The contract checks a new patient's required fields in a
 * refinement that zod runs only once every field parses (an empty analyses list stops it), so
 * they are checked here as well: a step is refused as soon as the user leaves it.
 */
export function wizardIssues(body: Payload): Issues {
  const parsed = parseCreate(body);
  const issues = parsed.success ? {} : issuesOf(parsed.error);
  const sent = createPayload(body);
  for (const field of PATIENT_REQUIRED) {
    if (sent[field] === undefined) issues[field] ??= 'required';
  }
  for (const field of Object.keys(issues)) {
    const missing = missingPartOf(sent[field]);
    if (missing) issues[field] = missing;
  }
  return issues;
}

/** Field issues a refused call carries (missingData, incorrectType… with field paths). */
export function serverIssues(error: unknown): Issues {
  const issues: Issues = {};
  for (const issue of fieldIssues(error)) {
    const field = issue.path.split('.')[0] ?? '';
    issues[field] ??= issueKey({ message: issue.message });
  }
  return issues;
}
