import { lazy } from 'react';

export { samplesTablePage } from './samples-page';
export type { BatchSample } from './use-batch-data';

/** The batch entry grid, loaded with its formula engine when it is opened. */
export const BatchEntryModal = lazy(() => import('./batch-entry-modal'));
