import {
  ExchangeDestination,
  type ExchangeDestinationBody,
  type ExchangeDestinationSettings,
  type ExchangeTarget,
} from '@sil/contract';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, Queryable } from '../../db/open.js';
import { prescribers } from '../../db/schema/clinics.js';
import { laboratories } from '../../db/schema/laboratories.js';
import { type Authenticated, actorOf } from '../../lib/auth-context.js';
import { fail } from '../../lib/errors.js';
import type { OutboundAddresses } from '../../lib/outbound-address.js';
import { toIso } from '../../lib/time.js';
import { writeTransaction } from '../../lib/transaction.js';
import { changeLaboratorySettings } from '../laboratory/index.js';

/** The key of laboratory_settings the delivery jobs read (delivery/exchange.ts). */
const SETTINGS_KEY = 'exchange';

type Laboratory = typeof laboratories.$inferSelect;
type Body = z.output<typeof ExchangeDestinationBody>;

async function laboratoryOf(q: Queryable, laboratoryId: string) {
  const [laboratory] = await q
    .select()
    .from(laboratories)
    .where(eq(laboratories.laboratory_id, laboratoryId));
  return laboratory ?? fail('laboratoryNotFound');
}

/** The laboratory's prescribers among `ids`, with the name the screen shows. */
async function prescribersOf(q: Queryable, laboratoryId: string, ids: string[]) {
  if (ids.length === 0) return new Map<string, string>();
  const rows = await q
    .select({
      id: prescribers.prescriber_id,
      title: prescribers.prescriber_title,
      surname: prescribers.prescriber_surname,
      name: prescribers.prescriber_name,
    })
    .from(prescribers)
    .where(and(eq(prescribers.laboratory_id, laboratoryId), inArray(prescribers.prescriber_id, ids)))
    .orderBy(asc(prescribers.prescriber_surname), asc(prescribers.prescriber_name));
  return new Map(rows.map((row) => [row.id, [row.title, row.surname, row.name].filter(Boolean).join(' ')]));
}

/**
 * The stored setting as the screen reads it. A setting that does not parse reads as none (the
 * delivery jobs ignore it too); a prescriber deleted since is left out, as no record can name it.
 */
async function present(q: Queryable, laboratory: Laboratory): Promise<ExchangeDestinationSettings> {
  const parsed = ExchangeDestination.safeParse(laboratory.laboratory_settings[SETTINGS_KEY]);
  const setting = parsed.success ? parsed.data : {};
  const own = Object.entries(setting.prescribers ?? {});
  const names = await prescribersOf(
    q,
    laboratory.laboratory_id,
    own.map(([id]) => id),
  );
  const targets = new Map(own);
  return {
    exchange_format: setting.format ?? null,
    exchange_url: setting.format ? (setting.url ?? null) : null,
    exchange_prescribers: [...names].map(([id, label]) => {
      const target = targets.get(id) as ExchangeTarget;
      return {
        prescriber_id: id,
        prescriber_label: label,
        exchange_format: target.format,
        exchange_url: target.url ?? null,
      };
    }),
    laboratory_last_updated: toIso(laboratory.laboratory_last_updated),
  };
}

const target = (format: ExchangeTarget['format'], url: string | null): ExchangeTarget =>
  url === null ? { format } : { format, url };

/** The stored shape of the setting; undefined when nothing is to be sent. */
function settingOf(input: Body): ExchangeDestination | undefined {
  const own = Object.fromEntries(
    input.exchange_prescribers.map((row) => [
      row.prescriber_id,
      target(row.exchange_format, row.exchange_url),
    ]),
  );
  const setting: ExchangeDestination = {
    ...(input.exchange_format ? target(input.exchange_format, input.exchange_url) : {}),
    ...(input.exchange_prescribers.length > 0 ? { prescribers: own } : {}),
  };
  return Object.keys(setting).length > 0 ? setting : undefined;
}

/**
 * Each URL of the body, refused (destinationNotAllowed, naming its field) when it leads to a
 * non-public network: said when it is set, not at the first send (issue 38). Resolved before the
 * transaction opens, so that a slow DNS holds no lock.
 */
async function refuseInternalUrls(outbound: OutboundAddresses, input: Body): Promise<void> {
  const urls: Array<[string, string | null]> = [
    ['exchange_url', input.exchange_format ? input.exchange_url : null],
    ...input.exchange_prescribers.map((row, index): [string, string | null] => [
      `exchange_prescribers.${index}.exchange_url`,
      row.exchange_url,
    ]),
  ];
  for (const [field, url] of urls) if (url !== null) await outbound.refuseInternal(url, field);
}

/** What the destination needs: the database, and the check of every address a user sets. */
export interface ExchangeDeps {
  db: Db;
  outbound: OutboundAddresses;
}

/**
 * Where validated records' results are sent (issue 16): the laboratory's destination and its
 * prescribers' own, in its settings (key `exchange`), read by the delivery jobs at validation.
 * Written whole, under the laboratory's stamp, in a traced transaction; other settings are kept.
 */
export const exchangeDestination = async (db: Db, auth: Authenticated) =>
  present(db, await laboratoryOf(db, auth.user.laboratory_id));

/** Every address checked before the transaction: no user-set destination reaches inside the network. */
export async function updateExchangeDestination(
  { db, outbound }: ExchangeDeps,
  auth: Authenticated,
  input: Body,
) {
  await refuseInternalUrls(outbound, input);
  return writeTransaction(db, actorOf(auth), async (tx) => {
    const laboratoryId = auth.user.laboratory_id;
    const ids = input.exchange_prescribers.map((row) => row.prescriber_id);
    const known = await prescribersOf(tx, laboratoryId, ids);
    const unknown = ids.findIndex((id) => !known.has(id));
    if (unknown >= 0) {
      fail('prescriberNotFound', {
        prescriber_id: ids[unknown],
        issues: [{ path: `exchange_prescribers.${unknown}.prescriber_id`, message: 'choice' }],
      });
    }
    // No destination set removes the key: the delivery jobs then send nothing to the exchange.
    const updated = await changeLaboratorySettings(tx, laboratoryId, input.laboratory_last_updated, {
      [SETTINGS_KEY]: settingOf(input),
    });
    return present(tx, updated);
  });
}
