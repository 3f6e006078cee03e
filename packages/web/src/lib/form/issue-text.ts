import type { TFunction } from 'i18next';
import { errorMessage } from '../notify';
import { ERROR_ISSUE, issueKey } from '../table/field-issues';

/** The words of a field issue, from the browser's own check or from the server's answer. */
export function issueText(t: TFunction<'tables'>, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (message.startsWith(ERROR_ISSUE)) return errorMessage(message.slice(ERROR_ISSUE.length));
  return t(issueKey(message));
}
