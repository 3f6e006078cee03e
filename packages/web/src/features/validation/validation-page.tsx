import { Alert, Center, Grid, Loader, SegmentedControl, Stack } from '@mantine/core';
import type { WebLocale } from '@sil/contract';
import { IconCircleCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/use-session';
import { useRecordsToValidate } from './api';
import { RecordQueue } from './record-queue';
import { RecordReview } from './record-review';
import { RuleQueue } from './rule-queue';
import { RulesEditor } from './rules-editor';
import { neighbours } from './selection';

export type ValidationMode = 'validate' | 'invalidate';

/**
 * validate-record/{recordId?} and invalidate-record/{recordId?} (spec.md §2 'Record preview'): in
 * validate mode the records waiting come in order, the first one opens when none is named, and
 * after a validation the next one loads until none remain; invalidate mode shows the named record.
 */
export function ValidationPage({
  locale,
  mode,
  recordId,
}: {
  locale: WebLocale;
  mode: ValidationMode;
  recordId: string | null;
}) {
  const { t } = useTranslation('validation');
  const [search, setSearch] = useSearchParams();
  // Rule-assisted validation is a view of the same queue (?view=rules), not another address.
  const { rights } = useSession();
  const ruling = mode === 'validate' && Boolean(rights?.validation_admin);
  const byRules = ruling && search.get('view') === 'rules';
  const queue = useRecordsToValidate(mode === 'validate' && !byRules);
  const waiting = queue.data ?? [];
  const target = recordId ?? (mode === 'validate' ? (waiting[0]?.record_id ?? null) : null);
  const title = t(mode === 'validate' ? 'title' : 'title_invalidate');

  const views = ruling ? (
    <SegmentedControl
      value={byRules ? 'rules' : 'records'}
      onChange={(view) => setSearch(view === 'rules' ? { view } : {})}
      data={[
        { value: 'records', label: t('views.records') },
        { value: 'rules', label: t('views.rules') },
      ]}
      data-testid="validation-views"
    />
  ) : null;
  if (byRules) {
    return (
      <Stack>
        <PageHeader title={title} />
        {views}
        <RuleQueue locale={locale} />
        <RulesEditor />
      </Stack>
    );
  }
  if (mode === 'validate' && queue.isLoading && recordId === null) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  const around = target
    ? neighbours(
        waiting.map((record) => record.record_id),
        target,
      )
    : null;
  const review = target ? (
    <RecordReview
      key={target}
      locale={locale}
      recordId={target}
      step={mode}
      previousId={mode === 'validate' ? (around?.previous ?? null) : null}
      nextId={mode === 'validate' ? (around?.next ?? null) : null}
    />
  ) : (
    <Alert color="teal" icon={<IconCircleCheck />} data-testid="none-left">
      {mode === 'validate' ? t('none_left') : t('not_found')}
    </Alert>
  );
  if (mode === 'invalidate') {
    return (
      <Stack>
        <PageHeader title={title} />
        {review}
      </Stack>
    );
  }
  return (
    <Stack>
      <PageHeader title={title} />
      {views}
      <Grid>
        <Grid.Col span={{ base: 12, md: 9 }} order={{ base: 1, md: 2 }}>
          {review}
        </Grid.Col>
        {waiting.length > 0 ? (
          <Grid.Col span={{ base: 12, md: 3 }} order={{ base: 2, md: 1 }}>
            <RecordQueue locale={locale} records={waiting} current={target} />
          </Grid.Col>
        ) : null}
      </Grid>
    </Stack>
  );
}
