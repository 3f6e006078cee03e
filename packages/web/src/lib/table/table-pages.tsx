import type { WebLocale } from '@sil/contract';
import type { ReactNode } from 'react';
import { EntityFormModal } from '../form/entity-form-modal';
import type { TableRights } from './rights';
import type { ReferenceTableConfig } from './table-config';
import { TablePage } from './table-page';

/**
 * A table page bound to its configuration: each configuration has the row type of its own table,
 * so registries of pages hold what they render rather than the configurations themselves.
 */
export interface BoundTablePage {
  name: string;
  page: (locale: WebLocale) => ReactNode;
  /** The add form of a table edited in a modal, for the wizard's 'Add new resources'; else null. */
  addForm: ((title: string, onClose: () => void) => ReactNode) | null;
}

export function pageOf<R>(
  config: ReferenceTableConfig<R>,
  actions?: (rights: TableRights) => ReactNode,
): BoundTablePage {
  const { form } = config;
  return {
    name: config.name,
    // A fresh page per table: its search, sort, filters and selection do not carry over.
    page: (locale) => <TablePage key={config.name} config={config} locale={locale} actions={actions} />,
    addForm:
      form.kind === 'modal'
        ? (title, onClose) => (
            <EntityFormModal config={config} fields={form.fields} title={title} id={null} onClose={onClose} />
          )
        : null,
  };
}
