import { Center, Loader, Modal } from '@mantine/core';
import type { EntityDefinition } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { textOf } from '../../lib/table/rows';
import { useTableRow } from '../../lib/table/use-table-row';
import { EntityForm } from './entity-form';
import type { FieldSpec } from './field-spec';

/** Add (id null) or edit one row in a modal; the row is read fresh so the stamp sent back is current. */
export function EntityFormModal({
  entity,
  fields,
  title,
  id,
  onClose,
}: {
  entity: EntityDefinition;
  fields: readonly FieldSpec[];
  title: string;
  id: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('tables');
  const current = useTableRow(entity, id);
  const row = current.data ?? null;
  const ready = id === null || row !== null;
  return (
    <Modal
      opened
      onClose={onClose}
      size="xl"
      title={`${title} · ${id === null ? t('form.new') : (textOf(row ?? undefined, entity.labelField) ?? id)}`}
      data-testid="entity-form"
    >
      {ready ? (
        <EntityForm
          // A reloaded row starts a new form with what the server holds now.
          key={textOf(row ?? undefined, entity.stampField) ?? 'new'}
          entity={entity}
          fields={fields}
          row={row}
          onSaved={onClose}
          onCancel={onClose}
          onReload={() => void current.refetch()}
        />
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
