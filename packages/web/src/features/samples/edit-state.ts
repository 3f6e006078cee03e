import { SAMPLE_STATUS, type SampleResults } from '@sil/contract';

/** What the user may do on a sample's results, and why not when they may not. */
export function editState(
  level: number,
  data: SampleResults | undefined,
  record: { frozen: boolean } | null,
) {
  if (level < 2) return { editable: false, reason: 'read_only' } as const;
  if (data && data.sample.sample_status >= SAMPLE_STATUS.validated)
    return { editable: false, reason: 'validated' } as const;
  if (record?.frozen) return { editable: false, reason: 'frozen' } as const;
  return { editable: true, reason: null } as const;
}
