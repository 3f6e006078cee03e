import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../api-client';
import { notifyApiError, showToast } from '../notify';
import { fieldIssues } from '../table/field-issues';
import { createPayload, type Payload, updatePayload } from '../table/payload';
import { type ReferenceTableConfig, shownText } from '../table/table-config';
import { useSaveRow } from '../table/use-save-row';

/**
 * Sends a form's values under the payload rules of spec.md §5 and sorts out the answer: field
 * issues go under their inputs, a stale update is explained by the form, anything else is a toast.
 */
export function useSubmitRow<R>(
  config: ReferenceTableConfig<R>,
  row: R | null,
  /** Puts a message under the input of a field path ('parameter_ranges.2'); false if there is none. */
  placeIssue: (path: string, message: string) => boolean,
  onSaved: (saved: R) => void,
) {
  const { t } = useTranslation('tables');
  const { entity, keys } = config;
  const save = useSaveRow(entity, config.row);
  const [stale, setStale] = useState(false);

  const submit = async (before: Payload, after: Payload) => {
    setStale(false);
    const id = row ? shownText(row[keys.id]) : '';
    const stamp = row ? shownText(row[keys.stamp]) : '';
    const locked = new Set([...(entity.createOnly ?? []), entity.idField]);
    const input =
      row && id && stamp
        ? {
            kind: 'update' as const,
            payload: updatePayload(
              Object.fromEntries(Object.entries(before).filter(([key]) => !locked.has(key))),
              Object.fromEntries(Object.entries(after).filter(([key]) => !locked.has(key))),
              { idField: entity.idField, id, stampField: entity.stampField, stamp },
            ),
          }
        : { kind: 'create' as const, payload: createPayload(after) };
    try {
      const saved = await save.mutateAsync(input);
      showToast('success', t(input.kind === 'create' ? 'toast.successAdd' : 'toast.successUpdate'));
      onSaved(saved);
    } catch (error) {
      if (error instanceof ApiError && error.code === 'staleUpdate') {
        setStale(true);
        return;
      }
      // The server names fields as the form does (the contract's field names).
      const placed = fieldIssues(error).filter((issue) => placeIssue(issue.path, issue.message));
      // An error tied to no input (nabmConflict, unexpectedError…) is a toast.
      if (placed.length === 0) notifyApiError(error);
    }
  };
  return { submit, stale, saving: save.isPending };
}
