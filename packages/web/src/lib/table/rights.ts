import type { AdminKey } from '@sil/contract';
import { useSession } from '../use-session';

/** What the user may do on a table (spec.md §6 levels: 1 read, 2 edit, 3 delete). */
export interface TableRights {
  read: boolean;
  edit: boolean;
  remove: boolean;
}

export function useTableRights(key: AdminKey): TableRights {
  const { rights } = useSession();
  // Levels are the laboratory's staff's: clinic users have none, and the two tables they may read
  // (collectors, prescribers) they read without add, edit, delete or export, as the server allows.
  const level = rights && rights.user_type === 'internal' ? rights[key] : 0;
  return { read: level >= 1, edit: level >= 2, remove: level >= 3 };
}
