import type { ReactNode } from 'react';

/** Tables whose rows the front desk may create from the collection step ('Add new resources'). */
export type ResourceTable = 'collectors' | 'prescribers';

/**
 * Renders the reference table's own add form. The app shell passes it in, because a feature does
 * not import another one: the records feature only says which table and when the form closes.
 */
export type ResourceFormRenderer = (table: ResourceTable, onClose: () => void) => ReactNode;
