import {
  Button,
  Checkbox,
  Group,
  Modal,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { ReconciliationItem } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../lib/form/number-field';
import { showToast } from '../../lib/notify';
import { useLoadAll } from '../../lib/table/use-load-all';
import { useResolveReconciliationItem } from './api';
import { ResultsTable } from './parsed-view';

type Action = 'map' | 'assign' | 'discard';

/**
 * What may be done with an item: a result may be mapped (its code means a parameter) or assigned
 * (to another sample); a validated conflict or an unreadable message may only be discarded. The
 * first is offered first: a specimen no sample matches is first of all to be assigned.
 */
export function actionsFor(item: ReconciliationItem): Action[] {
  if (!item.result || item.reason === 'validatedConflict' || item.reason === 'unreadable') return ['discard'];
  if (item.reason === 'unknownSpecimen') return ['assign', 'map', 'discard'];
  return ['map', 'assign', 'discard'];
}

export function ResolveItem({ item, onClose }: { item: ReconciliationItem | null; onClose: () => void }) {
  const { t } = useTranslation('analysers');
  return (
    <Modal opened={item !== null} onClose={onClose} title={t('resolve.title')} centered size="lg">
      {item ? <ResolveForm key={item.item_id} item={item} onDone={onClose} /> : null}
    </Modal>
  );
}

function ResolveForm({ item, onDone }: { item: ReconciliationItem; onDone: () => void }) {
  const { t } = useTranslation('analysers');
  const actions = actionsFor(item);
  const [action, setAction] = useState<Action>(actions[0] ?? 'discard');
  const [parameterId, setParameterId] = useState<string | null>(item.parameter_id);
  const [unitFactor, setUnitFactor] = useState<number | ''>('');
  const [learn, setLearn] = useState(true);
  const [sampleNumber, setSampleNumber] = useState(item.sample_number ?? '');
  const [reason, setReason] = useState('');
  const parameters = useLoadAll('parameters');
  const resolve = useResolveReconciliationItem();
  // Three actions side by side do not fit a phone's width: they are stacked there.
  const phone = useMediaQuery('(max-width: 575.98px)');

  const resolution =
    action === 'map'
      ? parameterId
        ? { action, parameter_id: parameterId, unit_factor: unitFactor === '' ? null : unitFactor, learn }
        : null
      : action === 'assign'
        ? sampleNumber.trim()
          ? {
              action,
              sample_number: sampleNumber.trim(),
              ...(parameterId ? { parameter_id: parameterId } : {}),
            }
          : null
        : reason.trim()
          ? { action, reason: reason.trim() }
          : null;

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (!resolution) return;
        resolve.mutate(
          { item_id: item.item_id, item_last_updated: item.item_last_updated, resolution },
          {
            onSuccess: () => {
              showToast('success', t(`resolve.done.${action}`));
              onDone();
            },
          },
        );
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t(`reasons.${item.reason}`)}</Text>
        {item.result ? <ResultsTable results={[item.result]} /> : null}
        {item.detail ? (
          <Text size="sm" c="dimmed">
            {item.detail}
          </Text>
        ) : null}
        {actions.length > 1 ? (
          <SegmentedControl
            fullWidth
            orientation={phone ? 'vertical' : 'horizontal'}
            value={action}
            onChange={(next) => setAction(next as Action)}
            data={actions.map((value) => ({ value, label: t(`resolve.actions.${value}`) }))}
          />
        ) : null}
        {action === 'map' ? (
          <>
            <Select
              label={t('resolve.parameter')}
              description={t('resolve.map_hint', { code: item.result?.test_code ?? '' })}
              data={parameters.choices}
              searchable
              value={parameterId}
              onChange={setParameterId}
            />
            <NumberField
              label={t('mappings.unit_factor')}
              value={unitFactor}
              onChange={(next) => setUnitFactor(typeof next === 'number' ? next : '')}
            />
            <Checkbox
              label={t('resolve.learn', { code: item.result?.test_code ?? '' })}
              checked={learn}
              onChange={(event) => setLearn(event.currentTarget.checked)}
            />
          </>
        ) : null}
        {action === 'assign' ? (
          <>
            <TextInput
              label={t('resolve.sample_number')}
              value={sampleNumber}
              onChange={(event) => setSampleNumber(event.currentTarget.value)}
            />
            <Select
              label={t('resolve.parameter_optional')}
              data={parameters.choices}
              searchable
              clearable
              value={parameterId}
              onChange={setParameterId}
            />
          </>
        ) : null}
        {action === 'discard' ? (
          <Textarea
            label={t('resolve.reason')}
            description={t('resolve.reason_hint')}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            autosize
            minRows={2}
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            {t('actions.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={!resolution}
            loading={resolve.isPending}
            color={action === 'discard' ? 'red' : undefined}
          >
            {t(`resolve.submit.${action}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
