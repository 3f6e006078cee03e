import { z } from 'zod';

/** What the server adds to every stored row: stamps in ISO 8601 UTC (`toIso` on the server). */
export const stamp = z.iso.datetime({ offset: true });
export const optionalStamp = stamp.nullable();
export const rowId = z.uuid();
export const optionalRowId = z.uuid().nullable();
