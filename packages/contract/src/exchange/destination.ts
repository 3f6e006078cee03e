import { z } from 'zod';
import type { RouteDef } from '../route-def.js';
import { stamp } from '../rows/stamps.js';
import { exchangeFormat } from './routes.js';

/**
 * Where validated records' results are sent (settings key `exchange`, see ExchangeDestination), as
 * the information screen reads and edits it: flat fields rather than the stored shape, the
 * prescribers as a list with their names.
 */

/** A destination URL receives the message by HTTP POST; blank (or null) is the file drop. */
export const exchangeUrl = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .nullable()
  .or(z.literal('').transform(() => null));

export const ExchangePrescriberDestination = z.object({
  prescriber_id: z.uuid(),
  /** Title, surname and first name, so that a reader without the prescribers right sees who. */
  prescriber_label: z.string(),
  exchange_format: exchangeFormat,
  exchange_url: z.string().nullable(),
});
export type ExchangePrescriberDestination = z.output<typeof ExchangePrescriberDestination>;

export const ExchangeDestinationSettings = z.object({
  /** null: records are not sent automatically (except those of a prescriber listed below). */
  exchange_format: exchangeFormat.nullable(),
  /** null: the file drop of the server (EXCHANGE_DROP_DIR). */
  exchange_url: z.string().nullable(),
  exchange_prescribers: z.array(ExchangePrescriberDestination),
  laboratory_last_updated: stamp,
});
export type ExchangeDestinationSettings = z.output<typeof ExchangeDestinationSettings>;

export const ExchangeDestinationBody = z
  .object({
    exchange_format: exchangeFormat.nullable(),
    exchange_url: exchangeUrl,
    exchange_prescribers: z
      .array(
        z.object({
          prescriber_id: z.uuid(),
          exchange_format: exchangeFormat,
          exchange_url: exchangeUrl,
        }),
      )
      .max(500),
    laboratory_last_updated: stamp,
  })
  .superRefine((body, context) => {
    // A URL without a format says where but not what: the format is asked for, the URL not dropped.
    if (body.exchange_format === null && body.exchange_url !== null) {
      context.addIssue({ code: 'custom', path: ['exchange_format'], message: 'required' });
    }
    const seen = new Set<string>();
    body.exchange_prescribers.forEach((row, index) => {
      if (seen.has(row.prescriber_id)) {
        context.addIssue({
          code: 'custom',
          path: ['exchange_prescribers', index, 'prescriber_id'],
          message: 'duplicate',
        });
      }
      seen.add(row.prescriber_id);
    });
  });

const internal = ['internal'] as const;

export const exchangeDestinationRoutes = {
  getExchangeDestination: {
    method: 'GET',
    path: '/api/get-exchange-destination',
    access: { kind: 'authenticated', userTypes: internal },
    summary:
      "Where validated records' results are sent (HPRIM, HL7, FHIR, CDA): the laboratory's and prescribers'",
    response: ExchangeDestinationSettings,
    errors: ['laboratoryNotFound'],
  },
  updateExchangeDestination: {
    method: 'PUT',
    path: '/api/update-exchange-destination',
    access: { kind: 'special', right: 'admin_rights' },
    summary: "Change where validated records' results are sent",
    body: ExchangeDestinationBody,
    response: ExchangeDestinationSettings,
    errors: ['laboratoryNotFound', 'staleUpdate', 'prescriberNotFound', 'destinationNotAllowed'],
  },
} as const satisfies Record<string, RouteDef>;
