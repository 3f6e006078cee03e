import { Button, Center, Group, Loader, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type FieldOf, type ReferenceTableConfig, shownText } from '../table/table-config';
import { useTableRow } from '../table/use-table-row';
import { EntityForm } from './entity-form';
import type { FieldSpec } from './field-spec';

/** Add (id null) or edit one row in a modal; the row is read fresh so the stamp sent back is current. */
export function EntityFormModal<R>({
  config,
  fields,
  title,
  id,
  onClose,
}: {
  config: ReferenceTableConfig<R>;
  fields: readonly FieldSpec<FieldOf<R>>[];
  /** The table's name, for a table without its own form titles. */
  title: string;
  id: string | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('tables');
  const current = useTableRow(config.entity, config.row, id);
  const row = current.data ?? null;
  const ready = id === null || row !== null;
  const label = row ? shownText(row[config.keys.label]) || id : id;
  // 'Nouvelle analyse', 'Analyse : Glucose': the entity named in the singular, as a person says it.
  const titles = `form.titles.${config.name}`;
  const heading = i18n.exists(`tables:${titles}.new`)
    ? id === null
      ? t(`${titles}.new`)
      : t(`${titles}.edit`, { label })
    : id === null
      ? title
      : `${title} : ${label}`;
  // Escape, the cross or a click outside never drop typed inputs: the user confirms first.
  const [dirty, setDirty] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const close = () => (dirty ? setConfirming(true) : onClose());
  return (
    <Modal opened onClose={close} size="xl" title={heading} data-testid="entity-form">
      <Modal
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t('form.discard.title')}
        size="sm"
        centered
        data-testid="discard-confirm"
      >
        <Text size="sm">{t('form.discard.text')}</Text>
        <Group justify="flex-end" mt="md">
          <Button
            variant="default"
            onClick={() => setConfirming(false)}
            data-action="keep-editing"
            data-autofocus
          >
            {t('form.discard.keep')}
          </Button>
          <Button color="red" onClick={onClose} data-action="discard">
            {t('form.discard.confirm')}
          </Button>
        </Group>
      </Modal>
      {ready ? (
        <EntityForm
          // A reloaded row starts a new form with what the server holds now.
          key={row ? shownText(row[config.keys.stamp]) : 'new'}
          config={config}
          fields={fields}
          row={row}
          onSaved={onClose}
          onCancel={onClose}
          onReload={() => void current.refetch()}
          onDirtyChange={setDirty}
        />
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </Modal>
  );
}
