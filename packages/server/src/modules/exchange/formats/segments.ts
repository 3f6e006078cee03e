import type * as Medplum from '@medplum/core';
import type { Hl7Context, Hl7Field, Hl7Segment } from '@medplum/core';
import { onFirstUse } from '../../../lib/on-first-use.js';

/** @medplum/core's HL7 model, loaded by the first export in HL7 or HPRIM. */
export const hl7Model = onFirstUse<typeof Medplum>('@medplum/core');

/** Text put in a message as it is, already escaped or made of separators (a sub-component list). */
export class Raw {
  constructor(readonly text: string) {}
}

type Leaf = string | number | Raw | null | undefined;
/** A field: one value, its components, or its repetitions of components. */
export type FieldValue = Leaf | Leaf[] | Leaf[][];

/** HL7 v2 escape sequences for the separators and the escape character itself (HPRIM shares them). */
export function escapeText(text: string, context: Hl7Context): string {
  const { escapeCharacter: e } = context;
  const sequences: Array<[string, string]> = [
    [context.escapeCharacter, 'E'],
    [context.fieldSeparator, 'F'],
    [context.componentSeparator, 'S'],
    [context.subcomponentSeparator, 'T'],
    [context.repetitionSeparator, 'R'],
  ];
  let out = '';
  for (const char of text) {
    const sequence = sequences.find(([separator]) => separator === char);
    if (sequence) out += `${e}${sequence[1]}${e}`;
    else if (char === '\n') out += `${e}.br${e}`;
    else if (char !== '\r') out += char;
  }
  return out;
}

const leaf = (value: Leaf, context: Hl7Context) =>
  value instanceof Raw
    ? value.text
    : value === null || value === undefined
      ? ''
      : escapeText(String(value), context);

/** Sub-components of one component (HD, XCN's assigning authority: name&oid&ISO), escaped. */
export const sub = (context: Hl7Context, ...parts: Leaf[]) =>
  new Raw(
    parts
      .map((part) => leaf(part, context))
      .join(context.subcomponentSeparator)
      .replace(new RegExp(`\\${context.subcomponentSeparator}+$`), ''),
  );

function toField(value: FieldValue, context: Hl7Context): Hl7Field {
  const repetitions: Leaf[][] = !Array.isArray(value)
    ? [[value]]
    : value.every((item) => Array.isArray(item))
      ? (value as Leaf[][])
      : [value as Leaf[]];
  const { Hl7Field } = hl7Model();
  return new Hl7Field(
    repetitions.map((components) => {
      const texts = components.map((component) => leaf(component, context));
      while (texts.length > 1 && texts[texts.length - 1] === '') texts.pop();
      return texts;
    }),
    context,
  );
}

/** Positional fields (field 1 first) of one segment, trailing empty fields left out. */
function positionalSegment(context: Hl7Context, name: string, fields: FieldValue[]): Hl7Segment {
  const built = fields.map((value) => toField(value, context));
  while (built.length > 0 && built[built.length - 1]?.toString() === '') built.pop();
  const { Hl7Field, Hl7Segment } = hl7Model();
  return new Hl7Segment([new Hl7Field([[name]], context), ...built], context);
}

/**
 * A segment type: its name and the number of each field it fills, as the standard numbers them.
 * In a header (MSH, HPRIM's H) field 1 is the field separator itself, so the first field written
 * after the name is field 2; elsewhere it is field 1.
 */
export interface SegmentDefinition<Field extends string> {
  name: string;
  firstField: 1 | 2;
  fields: Record<Field, number>;
}

export const defineSegment = <Field extends string>(
  name: string,
  fields: Record<Field, number>,
  firstField: 1 | 2 = 1,
): SegmentDefinition<Field> => ({ name, fields, firstField });

/** A segment filled by field name: fields not named are empty, trailing empty fields left out. */
export function namedSegment<Field extends string>(
  context: Hl7Context,
  definition: SegmentDefinition<Field>,
  values: Partial<Record<Field, FieldValue>>,
): Hl7Segment {
  const positional: FieldValue[] = [];
  for (const field of Object.keys(values) as Field[]) {
    positional[definition.fields[field] - definition.firstField] = values[field];
  }
  return positionalSegment(
    context,
    definition.name,
    Array.from(positional, (value) => value ?? null),
  );
}
