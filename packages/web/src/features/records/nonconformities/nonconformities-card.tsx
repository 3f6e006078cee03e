import { Badge, Button, Divider, Group, Stack, Text, Title } from '@mantine/core';
import {
  ANE_CODES,
  type AneCode,
  isFrozenRecord,
  NCA_CODES,
  type NcaCode,
  type NcaRow,
  type RecordDetail,
} from '@sil/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/format/dates';
import { notifyApiError, showToast } from '../../../lib/notify';
import { useSession } from '../../../lib/use-session';
import { useNonconformityChange, useRecordNonconformities } from './api';
import { DeviationsModal } from './deviations-modal';
import { closingAfter, NonconformityModal } from './nonconformity-modal';
import { SampleNonconformity } from './sample-nonconformity';

type Step =
  | { kind: 'ane' }
  | { kind: 'nca' }
  | { kind: 'resolve'; nca: NcaRow }
  | { kind: 'lock' }
  | { kind: 'deviations' };

function Section({ title, action, children }: { title: string; action?: ReactNode; children: ReactNode }) {
  return (
    <Stack gap={6}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} size="sm">
          {title}
        </Text>
        {action}
      </Group>
      {children}
    </Stack>
  );
}

/**
 * The 'Non-conformités' card of the record screen (spec.md §1, §3): each sample's NCT and LBloc,
 * the ANEs and NCAs of the record, its own LBloc, and DEROG, UH and Delai, with the steps the
 * user's rights allow. A cancelled or sent record still takes an NCA; nothing else changes on it.
 */
export function NonconformitiesCard({ record }: { record: RecordDetail }) {
  const { t, i18n } = useTranslation('records');
  const { rights } = useSession();
  const [step, setStep] = useState<Step | null>(null);
  const query = useRecordNonconformities(record.record_id);
  const addAne = useNonconformityChange('addAne');
  const addNca = useNonconformityChange('addNca');
  const resolveNca = useNonconformityChange('resolveNca');
  const lockRecord = useNonconformityChange('updateRecordLbloc');
  const frozen = isFrozenRecord(record) || record.record_locked;
  const canRecords = (rights?.admin_records ?? 0) >= 2 && !record.record_locked;
  const canEdit = canRecords && !frozen;
  const canSamples = (rights?.admin_samples ?? 0) >= 2 && !frozen;
  const anes = query.data?.anes ?? [];
  const ncas = query.data?.ncas ?? [];
  const code = (value: string) => t(`nonconformities.codes.${value}`, { defaultValue: value });
  const close = () => setStep(null);
  const liftRecordLock = () =>
    lockRecord.mutate(
      {
        record_id: record.record_id,
        record_last_updated: record.record_last_updated,
        record_lbloc_flag: false,
      },
      {
        onSuccess: () => showToast('success', t('nonconformities.toast.lblocSaved')),
        onError: notifyApiError,
      },
    );

  const deviations = [
    record.record_derog_flag
      ? `${t('nonconformities.derog')}${record.record_derog_description ? ` — ${record.record_derog_description}` : ''}`
      : null,
    record.record_uh_flag
      ? `${t('nonconformities.uh')}${record.record_uh_expected_time ? ` — ${formatDateTime(record.record_uh_expected_time, i18n.language)}` : ''}`
      : null,
    record.record_delai_flag
      ? [
          t('nonconformities.delai'),
          record.record_delai_cause,
          record.record_delai_expected_time
            ? `${t('nonconformities.delai_expected_time')} ${formatDateTime(record.record_delai_expected_time, i18n.language)}`
            : null,
          record.record_delai_actual_time
            ? `${t('nonconformities.delai_actual_time')} ${formatDateTime(record.record_delai_actual_time, i18n.language)}`
            : null,
          record.record_delai_impact
            ? `${t('nonconformities.delai_impact')} : ${record.record_delai_impact}`
            : null,
        ]
          .filter(Boolean)
          .join(' — ')
      : null,
  ].filter((line): line is string => line !== null);

  return (
    <Stack gap="sm" data-testid="nonconformities-card">
      <Title order={4}>{t('nonconformities.title')}</Title>
      <Section title={t('nonconformities.samples')}>
        {record.samples.map((sample) => (
          <Group key={sample.sample_id} gap="sm" align="flex-start" wrap="wrap">
            <Text size="sm" ff="monospace" miw={130}>
              {sample.sample_number}
            </Text>
            <SampleNonconformity sample={sample} editable={canSamples} />
          </Group>
        ))}
      </Section>
      <Divider />
      <Section
        title={t('nonconformities.anes')}
        action={
          canEdit ? (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => setStep({ kind: 'ane' })}
              data-action="add-ane"
            >
              {t('nonconformities.add_ane')}
            </Button>
          ) : null
        }
      >
        {anes.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('nonconformities.no_anes')}
          </Text>
        ) : (
          anes.map((ane) => (
            <Text key={ane.ane_id} size="sm" data-testid="ane-row">
              <b>{ane.analysis_name ?? '—'}</b> · {code(ane.ane_code)}
              {ane.ane_description ? ` — ${ane.ane_description}` : ''}
            </Text>
          ))
        )}
      </Section>
      <Divider />
      <Section
        title={t('nonconformities.ncas')}
        action={
          canRecords ? (
            <Button
              size="compact-xs"
              variant="light"
              onClick={() => setStep({ kind: 'nca' })}
              data-action="add-nca"
            >
              {t('nonconformities.add_nca')}
            </Button>
          ) : null
        }
      >
        {ncas.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('nonconformities.no_ncas')}
          </Text>
        ) : (
          ncas.map((nca) => (
            <Group
              key={nca.nca_id}
              gap="xs"
              wrap="wrap"
              data-testid="nca-row"
              data-resolved={String(nca.nca_resolved)}
            >
              <Badge color={nca.nca_resolved ? 'teal' : 'orange'} variant="light">
                {t(nca.nca_resolved ? 'nonconformities.resolved' : 'nonconformities.unresolved')}
              </Badge>
              <Text size="sm">
                {code(nca.nca_code)}
                {nca.nca_description ? ` — ${nca.nca_description}` : ''}
                {nca.nca_solution ? ` · ${t('nonconformities.solution', { text: nca.nca_solution })}` : ''}
              </Text>
              {canRecords && !nca.nca_resolved ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  onClick={() => setStep({ kind: 'resolve', nca })}
                  data-action="resolve-nca"
                >
                  {t('nonconformities.resolve_nca')}
                </Button>
              ) : null}
            </Group>
          ))
        )}
      </Section>
      <Divider />
      <Section
        title={t('nonconformities.record_lbloc')}
        action={
          canEdit ? (
            record.record_lbloc_flag ? (
              <Button size="compact-xs" variant="subtle" onClick={liftRecordLock} data-action="unlock-record">
                {t('nonconformities.unlock_record')}
              </Button>
            ) : (
              <Button
                size="compact-xs"
                variant="subtle"
                color="orange"
                onClick={() => setStep({ kind: 'lock' })}
                data-action="lock-record"
              >
                {t('nonconformities.lock_record')}
              </Button>
            )
          ) : null
        }
      >
        <Text size="sm" c={record.record_lbloc_flag ? undefined : 'dimmed'} data-testid="record-lbloc">
          {record.record_lbloc_flag
            ? `${t('nonconformities.lbloc_active')}${record.record_lbloc_description ? ` — ${record.record_lbloc_description}` : ''}`
            : t('nonconformities.lbloc_none')}
        </Text>
      </Section>
      <Divider />
      <Section
        title={t('nonconformities.deviations')}
        action={
          canEdit ? (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => setStep({ kind: 'deviations' })}
              data-action="edit-deviations"
            >
              {t('nonconformities.edit_deviations')}
            </Button>
          ) : null
        }
      >
        {deviations.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('nonconformities.off')}
          </Text>
        ) : (
          deviations.map((line) => (
            <Text key={line} size="sm">
              {line}
            </Text>
          ))
        )}
      </Section>

      {step?.kind === 'ane' ? (
        <NonconformityModal
          testId="add-ane-modal"
          title={t('nonconformities.add_ane')}
          choices={record.record_analyses.map((analysis) => ({
            value: analysis.analysis_id,
            label: analysis.analysis_name,
          }))}
          choiceLabel={t('nonconformities.analysis')}
          codes={ANE_CODES}
          textLabel={t('nonconformities.description_other')}
          onClose={close}
          saving={addAne.isPending}
          onSubmit={({ code: chosen, choice, text }) =>
            addAne.mutate(
              {
                record_id: record.record_id,
                analysis_id: choice ?? '',
                ane_code: chosen as AneCode,
                ane_description: text || null,
              },
              closingAfter(close, t('nonconformities.toast.aneAdded')),
            )
          }
        />
      ) : null}
      {step?.kind === 'nca' ? (
        <NonconformityModal
          testId="add-nca-modal"
          title={t('nonconformities.add_nca')}
          codes={NCA_CODES}
          textLabel={t('nonconformities.description_other')}
          onClose={close}
          saving={addNca.isPending}
          onSubmit={({ code: chosen, text }) =>
            addNca.mutate(
              { record_id: record.record_id, nca_code: chosen as NcaCode, nca_description: text || null },
              closingAfter(close, t('nonconformities.toast.ncaAdded')),
            )
          }
        />
      ) : null}
      {step?.kind === 'resolve' ? (
        <NonconformityModal
          testId="resolve-nca-modal"
          title={`${t('nonconformities.resolve_nca')} — ${code(step.nca.nca_code)}`}
          textLabel={t('nonconformities.solution_label')}
          textRequired
          onClose={close}
          saving={resolveNca.isPending}
          onSubmit={({ text }) =>
            resolveNca.mutate(
              { nca_id: step.nca.nca_id, nca_solution: text },
              closingAfter(close, t('nonconformities.toast.ncaResolved')),
            )
          }
        />
      ) : null}
      {step?.kind === 'lock' ? (
        <NonconformityModal
          testId="lock-record-modal"
          title={t('nonconformities.lock_record')}
          textLabel={t('nonconformities.lbloc_description')}
          textRequired
          onClose={close}
          saving={lockRecord.isPending}
          onSubmit={({ text }) =>
            lockRecord.mutate(
              {
                record_id: record.record_id,
                record_last_updated: record.record_last_updated,
                record_lbloc_flag: true,
                record_lbloc_description: text,
              },
              closingAfter(close, t('nonconformities.toast.lblocSaved')),
            )
          }
        />
      ) : null}
      {step?.kind === 'deviations' ? <DeviationsModal record={record} onClose={close} /> : null}
    </Stack>
  );
}
