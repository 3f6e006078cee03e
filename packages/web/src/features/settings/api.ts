import type { Preferences } from '@sil/contract';
import { useMutation } from '@tanstack/react-query';
import { updatePreferences } from '../../lib/auth-actions';

/** Saves a preference; the session keeps the preferences, so no query is refreshed. */
export function useSavePreferences() {
  return useMutation({ mutationFn: (change: Partial<Preferences>) => updatePreferences(change) });
}
