import type { Tx } from '../../../db/open.js';

/** Told, in the transaction, which samples were registered or given other analyses. */
export type SamplesOrdered = (tx: Tx, laboratoryId: string, sampleIds: string[]) => Promise<void>;

const listeners = new Set<SamplesOrdered>();

/**
 * Another module follows the samples' orders (analysers in download mode, issue 41) without this
 * module importing it: that module depends on records already, the other way would be a cycle.
 * The same listener given twice (two apps in one process) is called once.
 */
export function onSamplesOrdered(listener: SamplesOrdered): void {
  listeners.add(listener);
}

/** Calls the listeners inside the registration's transaction: their writes commit or roll back with it. */
export async function samplesOrdered(tx: Tx, laboratoryId: string, sampleIds: string[]): Promise<void> {
  if (sampleIds.length === 0) return;
  for (const listener of listeners) await listener(tx, laboratoryId, sampleIds);
}
