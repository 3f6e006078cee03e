// The formula engine (mathjs) is loaded with the bench only: the first load does not carry it.
import '@sil/contract/formula-engine';
import { Alert, Anchor, Box, Button, Center, Group, Loader, Modal, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  hrefTo,
  isFrozenRecord,
  isWholeRecord,
  type ResultParameter,
  resultPatientOf,
  type WebLocale,
} from '@sil/contract';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SampleStatusBadge } from '../../components/sample-status-badge';
import { SampleSteps } from '../../components/sample-steps';
import { useSession } from '../../lib/use-session';
import { SampleNonconformity } from '../records';
import { useParameterDefinitions, useSampleRecord, useSampleResults } from './api';
import type { ReadingContext } from './bench-reading';
import { editState } from './edit-state';
import { ObservationsTab } from './observations-tab';
import { resultParameterOf } from './result-reading';
import { ResultsTab } from './results-tab';

const NO_IDS: string[] = [];

/** Where the sample stands in the list the bench was opened from, and the moves to its neighbours. */
export interface SampleMoves {
  position: number;
  count: number;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}

function MoveButtons({ moves }: { moves: SampleMoves }) {
  const { t } = useTranslation('records');
  return (
    <Group gap="xs" ml="auto" wrap="nowrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconChevronLeft size={14} />}
        disabled={!moves.onPrevious}
        onClick={moves.onPrevious ?? undefined}
        data-action="previous-sample"
      >
        {t('samples.previous_sample')}
      </Button>
      <Text size="xs" c="dimmed">
        {t('samples.position', { position: moves.position, count: moves.count })}
      </Text>
      <Button
        size="xs"
        variant="default"
        rightSection={<IconChevronRight size={14} />}
        disabled={!moves.onNext}
        onClick={moves.onNext ?? undefined}
        data-action="next-sample"
      >
        {t('samples.next_sample')}
      </Button>
    </Group>
  );
}

/**
 * 'Manually update sample' (spec.md §2 'Techniques'): the sample's results and its observations,
 * in two tabs. Staff with the samples right at level 2 enter and save; level 1 reads.
 */
export default function ResultsModal({
  sampleId,
  locale,
  onClose,
  moves = null,
}: {
  sampleId: string;
  locale: WebLocale;
  onClose: () => void;
  /** The previous and next samples of the list it was opened from; null when opened alone. */
  moves?: SampleMoves | null;
}) {
  const { t } = useTranslation('records');
  const { rights } = useSession();
  const phone = useMediaQuery('(max-width: 991.98px)');
  const results = useSampleResults(sampleId);
  const data = results.data;
  const record = useSampleRecord(data?.sample.sample_record ?? null, (rights?.admin_records ?? 0) >= 1);
  const ids = useMemo(() => data?.lines.map((line) => line.parameter_id) ?? NO_IDS, [data]);
  const parameters = useParameterDefinitions(ids, (rights?.admin_parameters ?? 0) >= 1);

  // Staff receive the whole record (the portals never reach the bench).
  const detail = record.data && isWholeRecord(record.data) ? record.data : null;
  const context: ReadingContext | null = useMemo(() => {
    if (!data || !detail?.patient || parameters.size === 0) return null;
    const definitions = new Map<string, ResultParameter>();
    for (const [id, row] of parameters) definitions.set(id, resultParameterOf(row));
    return {
      definitions,
      patient: resultPatientOf({
        patient: detail.patient,
        record: detail,
        sampleCollectedAt: data.sample.sample_collection_datetime,
      }),
    };
  }, [data, detail, parameters]);

  const frozen = detail ? { frozen: isFrozenRecord(detail) || detail.record_locked } : null;
  const { editable, reason } = editState(rights?.admin_samples ?? 0, data, frozen);
  const number = data?.sample.sample_number ?? '…';
  // 'Manually update sample' (spec.md §2); a reader who cannot update reads the sample's results.
  const title = editable
    ? t('samples.update_title', { number })
    : t('samples.title', { action: t('samples.view_results'), number });
  const patient = detail?.patient;
  // Who took each progress step and when, by name, as the record screen reads them (staff only).
  const ownSample = detail?.samples.find((sample) => sample.sample_id === sampleId);

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen={phone === true}
      size="95%"
      title={
        <Text fw={700} component="span">
          {title}
        </Text>
      }
      data-testid="results-modal"
    >
      {!data ? (
        <Center py="xl">
          <Loader />
        </Center>
      ) : (
        <>
          <Group gap="sm" mb="sm" wrap="wrap">
            <SampleStatusBadge status={data.sample.sample_status} />
            {detail ? (
              <Anchor
                component={Link}
                to={hrefTo(locale, 'previewRecord', { recordId: detail.record_id })}
                size="sm"
              >
                {t('samples.open_record', { number: detail.record_number })}
              </Anchor>
            ) : null}
            {patient ? (
              <Text size="sm" c="dimmed">
                {patient.patient_surname} {patient.patient_name}
              </Text>
            ) : null}
            {moves ? <MoveButtons moves={moves} /> : null}
          </Group>
          {ownSample ? (
            <Box mb="sm" data-testid="results-sample-steps">
              <SampleSteps sample={ownSample} />
            </Box>
          ) : null}
          <Group mb="sm">
            <SampleNonconformity
              sample={data.sample}
              editable={(rights?.admin_samples ?? 0) >= 2 && frozen !== null && !frozen.frozen}
            />
          </Group>
          {reason ? (
            <Alert color={reason === 'read_only' ? 'gray' : 'blue'} mb="sm" data-testid="results-read-only">
              {t(`samples.${reason}`)}
            </Alert>
          ) : null}
          <Tabs defaultValue="results" keepMounted={false}>
            <Tabs.List mb="sm">
              <Tabs.Tab value="results">{t('samples.tabs.results')}</Tabs.Tab>
              <Tabs.Tab value="observations">{t('samples.tabs.observations')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="results">
              <ResultsTab data={data} editable={editable} context={context} onReload={results.refetch} />
            </Tabs.Panel>
            <Tabs.Panel value="observations">
              <ObservationsTab
                sample={data.sample}
                editable={(rights?.admin_samples ?? 0) >= 2 && frozen?.frozen !== true}
                onReload={results.refetch}
              />
            </Tabs.Panel>
          </Tabs>
        </>
      )}
    </Modal>
  );
}
