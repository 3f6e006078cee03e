import type { ReferenceTableName } from '@sil/contract';

/** How one field of an entity is entered in its form; the contract's schema says what is valid. */
export type FieldKind =
  | { kind: 'text'; multiline?: boolean }
  | { kind: 'int' }
  | { kind: 'number'; decimals?: number }
  /** `initial`: the value of a new row, when the server's default is true (a clinic is visible). */
  | { kind: 'boolean'; initial?: boolean }
  | { kind: 'date' }
  /**
   * One of a fixed list (titles, CIQ frequencies), labelled by `tables:values.{value}` when `translate`;
   * `numeric`: numbers offered as their text and sent as numbers (a serial line's baud rate).
   */
  | { kind: 'options'; options: readonly string[]; translate?: boolean; numeric?: boolean }
  | { kind: 'specialty' }
  | { kind: 'reference'; table: ReferenceTableName }
  /** `searched`: the choices are searched on the server as the user types (large tables: NABM). */
  | { kind: 'references'; table: ReferenceTableName; searched?: boolean }
  /** Codes typed freely (incompatible NABM codes). */
  | { kind: 'codes' }
  /** Country code and number, sent joined (spec.md §5 payload rules). */
  | { kind: 'phone' }
  /** Entered in euros, sent in cents (ARCHITECTURE.md 'Money'). */
  | { kind: 'money'; cents: true }
  /** Range-or-threshold and remark pairs (spec.md §5 'Forensic remark'). */
  | { kind: 'remarks' }
  /** Choices a feature's hook loads (the agents that may serve an analyser), sent as the chosen id. */
  | {
      kind: 'choices';
      useChoices: () => { allowed: boolean; choices: readonly { value: string; label: string }[] };
    }
  /** An identifier checked live as it is typed (RPPS, ADELI). */
  | { kind: 'identifier'; check: (text: string) => boolean; issue: 'rpps' | 'adeli' };

/** `K`: the fields of the row the form edits, so that a renamed field fails to compile. */
export type FieldSpec<K extends string = string> = FieldKind & {
  name: K;
  /** Takes the whole width of the form instead of one column. */
  wide?: boolean;
  /** Explained under its input by `tables:hints.{name}` (what it changes, its default). */
  hint?: boolean;
  /** Left empty, warned about under its input by `tables:warnings.{name}` (allowed, but rarely right). */
  emptyWarning?: boolean;
  /**
   * Shown only when the form's values call for it (a serial line's settings for a serial analyser);
   * a field not shown is sent empty.
   */
  shownWhen?: (values: FormValues) => boolean;
};

export interface PhoneValue {
  countryCode: string;
  number: string;
}

export interface RemarkValue {
  range: string;
  remark: string;
}

export type FormValue = string | number | boolean | string[] | PhoneValue | RemarkValue[] | null;
export type FormValues = Record<string, FormValue>;
