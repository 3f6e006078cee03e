import {
  ParameterRangeSchema,
  ParameterZonesSchema,
  REFERENCE_RANGE_CATEGORIES,
  type ReferenceRangeCategory,
  ZONES,
} from '@sil/contract';
import { z } from 'zod';

/** One population's range as typed: numbers, or '' while empty. */
export interface RangeInput {
  min: number | '';
  max: number | '';
  comment: string;
  delta: number | '';
  post_conversion_comment: string;
}

/** The ranges of one matrix (null: every matrix), one per population. */
export interface RangeBlock {
  matrix_id: string | null;
  rows: Record<ReferenceRangeCategory, RangeInput>;
}

export type Zone = (typeof ZONES)[number];
export type ZonesInput = Record<Zone, { min: number | ''; max: number | '' }>;

/** The form's range and zone part: blocks of ranges per matrix, and the three zones. */
export interface RangesValues {
  range_blocks: RangeBlock[];
  zones: ZonesInput;
}

export const emptyRange = (): RangeInput => ({
  min: '',
  max: '',
  comment: '',
  delta: '',
  post_conversion_comment: '',
});
export const emptyBlock = (matrix_id: string | null): RangeBlock => ({
  matrix_id,
  rows: {
    default: emptyRange(),
    adultMale: emptyRange(),
    adultFemale: emptyRange(),
    pregnant: emptyRange(),
    newborn: emptyRange(),
    age0to1: emptyRange(),
    age1to6: emptyRange(),
    age6to15: emptyRange(),
  },
});

const toInput = (value: number | null): number | '' => (value === null ? '' : value);
const toNumber = (value: number | ''): number | null => (value === '' ? null : value);
const isEmpty = (row: RangeInput) =>
  row.min === '' &&
  row.max === '' &&
  row.delta === '' &&
  row.comment.trim() === '' &&
  row.post_conversion_comment.trim() === '';

/** Blocks from the ranges stored on a parameter, one per matrix, in the order first met. */
export function blocksOf(stored: unknown): RangeBlock[] {
  const parsed = z.array(ParameterRangeSchema).safeParse(stored);
  if (!parsed.success) return [];
  const blocks: RangeBlock[] = [];
  for (const range of parsed.data) {
    let block = blocks.find((candidate) => candidate.matrix_id === range.matrix_id);
    if (!block) {
      block = emptyBlock(range.matrix_id);
      blocks.push(block);
    }
    block.rows[range.population] = {
      min: toInput(range.min),
      max: toInput(range.max),
      comment: range.comment ?? '',
      delta: toInput(range.delta),
      post_conversion_comment: range.post_conversion_comment ?? '',
    };
  }
  return blocks;
}

/** A range as sent, with the block and population it came from (to place bound problems). */
export interface SentRange {
  key: string;
  range: z.input<typeof ParameterRangeSchema> & { min: number | null; max: number | null };
}

export const rangeKey = (blockIndex: number, population: ReferenceRangeCategory) =>
  `${blockIndex}:${population}`;

/** The ranges to send: rows with something typed; only the default rows when 'default range only'. */
export function rangesToSend(blocks: readonly RangeBlock[], defaultOnly: boolean): SentRange[] {
  return blocks.flatMap((block, blockIndex) =>
    REFERENCE_RANGE_CATEGORIES.filter((population) => !defaultOnly || population === 'default').flatMap(
      (population): SentRange[] => {
        const row = block.rows[population];
        if (isEmpty(row)) return [];
        return [
          {
            key: rangeKey(blockIndex, population),
            range: {
              matrix_id: block.matrix_id,
              population,
              min: toNumber(row.min),
              max: toNumber(row.max),
              delta: toNumber(row.delta),
              comment: row.comment.trim() || null,
              post_conversion_comment: row.post_conversion_comment.trim() || null,
            },
          },
        ];
      },
    ),
  );
}

export function zonesOf(stored: unknown): ZonesInput {
  const parsed = ParameterZonesSchema.safeParse(stored ?? {});
  const zones = parsed.success ? parsed.data : {};
  const pick = (zone: Zone) => ({
    min: toInput(zones[zone]?.min ?? null),
    max: toInput(zones[zone]?.max ?? null),
  });
  return { therapeutic: pick('therapeutic'), toxic: pick('toxic'), deadly: pick('deadly') };
}

/** The range and zone part of a parameter's form, from the parameter as stored (null: a new one). */
export function rangesValuesOf(
  row: { parameter_ranges?: unknown; parameter_zones?: unknown } | null,
): RangesValues {
  return { range_blocks: blocksOf(row?.parameter_ranges), zones: zonesOf(row?.parameter_zones) };
}

export function zonesToSend(
  zones: ZonesInput,
): Partial<Record<Zone, { min: number | null; max: number | null }>> {
  return Object.fromEntries(
    ZONES.flatMap((zone) => {
      const { min, max } = zones[zone];
      return min === '' && max === '' ? [] : [[zone, { min: toNumber(min), max: toNumber(max) }]];
    }),
  );
}
