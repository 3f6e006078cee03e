import type { ReactNode } from 'react';

/** A column of a table page: its header and how a row shows in it. */
export interface ColumnView<R> {
  key: string;
  label: string;
  render: (row: R) => ReactNode;
}

/** A filter of a table page: a column and the values a user may pick for it. */
export interface FilterView {
  column: string;
  label: string;
  choices: Array<{ value: string; label: string }>;
  /** Yes/no filters take one value; filters from another table take several. */
  multiple: boolean;
  /** Called when the user opens the choices: filters from another table load them then. */
  onOpen?: () => void;
}
