import { Anchor, Group, Loader, Text } from '@mantine/core';
import {
  ANALYSIS_GROUPS,
  type Dashboard,
  type DashboardNotification,
  hrefTo,
  type Rights,
  type WebLocale,
} from '@sil/contract';
import { type CSSProperties, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { useSession } from '../../lib/use-session';
import { useDashboard, useUserData } from './api';
import classes from './dashboard.module.css';

// The quarterly chart and table, below the counters: fetched once they come into view.
const QuarterlyPanel = lazy(() => import('./quarterly-panel').then((m) => ({ default: m.QuarterlyPanel })));

/** Renders its children once its place on the page comes into view (at once without IntersectionObserver). */
function WhenVisible({ children, testId }: { children: ReactNode; testId: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = place.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) setSeen(true);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen]);
  return seen ? (
    <Suspense fallback={<Loader size="sm" />}>{children}</Suspense>
  ) : (
    <div ref={place} style={{ minHeight: 200 }} data-testid={testId} />
  );
}

/** A table address with filters of its own (`?record_status=1,2`) and a created-from/to range. */
const filtered = (base: string, filters: Record<string, string>) =>
  `${base}?${new URLSearchParams(filters).toString()}`;

const OPEN_STATUSES = '0,1,2,3,4';

/** One figure with its label; a link when it opens the list it counts. */
function Counter({
  label,
  value,
  to,
  testId,
}: {
  label: string;
  value: number;
  to?: string;
  testId: string;
}) {
  const body = (
    <>
      <Text fz={26} fw={700} lh={1.1} data-testid={`${testId}-value`}>
        {value}
      </Text>
      <Text size="sm" c="dimmed" lh={1.3}>
        {label}
      </Text>
    </>
  );
  return to ? (
    <Link to={to} className={classes.counter} data-testid={testId}>
      {body}
    </Link>
  ) : (
    <div className={classes.counter} data-testid={testId}>
      {body}
    </div>
  );
}

function Panel({
  title,
  hint,
  children,
  testId,
}: {
  title: string;
  hint?: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <section className={classes.panel} data-testid={testId}>
      <Group justify="space-between" align="baseline" mb="sm" wrap="wrap" gap={4}>
        <Text component="h2" fw={700} fz="lg" m={0}>
          {title}
        </Text>
        {hint ? (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        ) : null}
      </Group>
      {children}
    </section>
  );
}

const columns = (count: number) => ({ '--columns': count }) as CSSProperties;

function notificationLink(locale: WebLocale, notice: DashboardNotification): string {
  switch (notice.kind) {
    case 'failed_deliveries':
      return hrefTo(locale, 'deliveries');
    case 'delayed_records':
      return filtered(hrefTo(locale, 'table', { table_name: 'records' }), {
        record_delai_flag: 'true',
        record_annulr_flag: 'false',
        record_status: OPEN_STATUSES,
      });
    case 'urgent_to_validate':
      return filtered(hrefTo(locale, 'table', { table_name: 'tasks', task_type: 'to_validate' }), {
        record_is_urgent: 'true',
      });
    case 'failed_backup':
      return hrefTo(locale, 'dataManagement');
  }
}

/** The links of 'Quick access' the user may open, as the menu shows them. */
function quickLinks(locale: WebLocale, rights: Rights | null) {
  const records = rights?.admin_records ?? 0;
  return [
    records >= 2 ? { key: 'add_record', text: 'title.add_record', to: hrefTo(locale, 'formRecords') } : null,
    { key: 'scan', text: 'menu.scan', to: hrefTo(locale, 'scan') },
    records >= 1
      ? { key: 'records', text: 'menu.records', to: hrefTo(locale, 'table', { table_name: 'records' }) }
      : null,
    records >= 1
      ? { key: 'tasks', text: 'title.tasks', to: hrefTo(locale, 'table', { table_name: 'tasks' }) }
      : null,
    rights?.validation_admin
      ? { key: 'validation', text: 'menu.validation', to: hrefTo(locale, 'validateRecord') }
      : null,
    records >= 1 ? { key: 'deliveries', text: 'menu.deliveries', to: hrefTo(locale, 'deliveries') } : null,
    { key: 'import', text: 'menu.import', to: hrefTo(locale, 'import') },
  ].filter((link) => link !== null);
}

type GroupChoice = 'all' | (typeof ANALYSIS_GROUPS)[number];

function AnalysisTypes({ panel }: { panel: Dashboard['analysis_types'] }) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<GroupChoice>('all');
  const counts = panel[group];
  const choices: GroupChoice[] = ['all', ...ANALYSIS_GROUPS];
  return (
    <div className={classes.stack} style={{ gap: 'var(--mantine-spacing-sm)' }}>
      <div className={classes.choices} data-testid="analysis-group">
        {choices.map((choice) => (
          <button
            key={choice}
            type="button"
            className={classes.choice}
            aria-pressed={group === choice}
            onClick={() => setGroup(choice)}
          >
            {choice === 'all' ? t('dashboard:all_analyses') : choice}
          </button>
        ))}
      </div>
      <div className={classes.figures}>
        <Counter
          label={t('dashboard:being_analyzed')}
          value={counts.being_analyzed}
          testId="analyses-being"
        />
        <Counter label={t('dashboard:pre_registered')} value={counts.pre_registered} testId="analyses-pre" />
        <Counter label={t('dashboard:sent')} value={counts.sent} testId="analyses-sent" />
      </div>
    </div>
  );
}

function Counters({ board, locale }: { board: Dashboard; locale: WebLocale }) {
  const { t } = useTranslation();
  const records = hrefTo(locale, 'table', { table_name: 'records' });
  const ofToday = (statuses: string) =>
    filtered(records, {
      record_status: statuses,
      record_annulr_flag: 'false',
      from: board.day,
      to: board.day,
    });
  const { summary } = board;
  return (
    <div className={classes.stack} style={{ gap: 'var(--mantine-spacing-md)' }}>
      <div className={classes.row} style={columns(3)}>
        <Panel title={t('dashboard:today')} testId="panel-today">
          <div className={classes.figures}>
            <Counter
              label={t('dashboard:in_progress')}
              value={board.today.in_progress}
              to={ofToday('1,2,3,4')}
              testId="today-in-progress"
            />
            <Counter
              label={t('dashboard:parked')}
              value={board.today.parked}
              to={ofToday('0')}
              testId="today-parked"
            />
            <Counter
              label={t('dashboard:sent')}
              value={board.today.sent}
              to={ofToday('5')}
              testId="today-sent"
            />
          </div>
        </Panel>
        <Panel title={t('dashboard:analysis_types')} testId="panel-analysis-types">
          <AnalysisTypes panel={board.analysis_types} />
        </Panel>
        <Panel title={t('dashboard:summary')} hint={t('dashboard:since_morning')} testId="panel-summary">
          <div className={classes.figures}>
            {summary.patients_added !== null ? (
              <Counter
                label={t('dashboard:patients_added')}
                value={summary.patients_added}
                testId="summary-patients"
              />
            ) : null}
            {summary.samples_processed !== null ? (
              <Counter
                label={t('dashboard:samples_processed')}
                value={summary.samples_processed}
                testId="summary-samples"
              />
            ) : null}
            {summary.analyses_completed !== null ? (
              <Counter
                label={t('dashboard:analyses_completed')}
                value={summary.analyses_completed}
                testId="summary-analyses"
              />
            ) : null}
          </div>
        </Panel>
      </div>
      <Panel title={t('dashboard:tasks')} testId="panel-tasks">
        <div className={classes.tasks}>
          {board.tasks.map((task) => (
            <Counter
              key={task.task_type}
              label={t(`dashboard:task.${task.task_type}`)}
              value={task.count}
              to={hrefTo(locale, 'table', { table_name: 'tasks', task_type: task.task_type })}
              testId={`task-${task.task_type}`}
            />
          ))}
        </div>
      </Panel>
      <WhenVisible testId="panel-quarterly-place">
        <QuarterlyPanel
          quarters={board.quarters}
          texts={{
            title: t('dashboard:quarterly', { year: board.year }),
            quarter: (quarter) => t('dashboard:quarter', { quarter }),
            series: (key) => t(`dashboard:${key}`),
          }}
        />
      </WhenVisible>
    </div>
  );
}

/** The dashboard: notifications, quick access and every counter of spec.md §2, from the data. */
export function DashboardPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation();
  const user = useUserData();
  const { rights } = useSession();
  // The dashboard falls under admin_records: without it, only quick access is shown.
  const allowed = (rights?.admin_records ?? 0) >= 1 && rights?.user_type === 'internal';
  const board = useDashboard(allowed);
  const notices = board.data?.notifications ?? [];
  return (
    <div className={classes.stack} style={{ gap: 'var(--mantine-spacing-md)' }}>
      <PageHeader
        title={t('title.dashboard')}
        subtitle={
          user.data
            ? `${t('dashboard.welcome', { name: user.data.user_name })} · ${user.data.laboratory_name}`
            : undefined
        }
      />
      <div className={classes.row} style={columns(allowed ? 2 : 1)}>
        {allowed ? (
          <Panel title={t('dashboard:notifications')} testId="panel-notifications">
            {board.data && notices.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('dashboard:no_notifications')}
              </Text>
            ) : (
              <ul className={classes.notices}>
                {notices.map((notice) => (
                  <li key={notice.kind}>
                    <Anchor
                      component={Link}
                      to={notificationLink(locale, notice)}
                      size="sm"
                      data-testid={`notice-${notice.kind}`}
                    >
                      {t(`dashboard:notification.${notice.kind}`, { count: notice.count })}
                    </Anchor>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        ) : null}
        <Panel title={t('dashboard:quick_access')} testId="panel-quick-access">
          <Group gap="xs">
            {quickLinks(locale, rights).map((link) => (
              <Anchor
                key={link.key}
                component={Link}
                to={link.to}
                size="sm"
                className={classes.quick}
                data-testid={`quick-${link.key}`}
              >
                {t(link.text)}
              </Anchor>
            ))}
          </Group>
        </Panel>
      </div>
      {allowed ? (
        <>
          <Text component="h2" fw={700} fz="xl" m={0}>
            {t('dashboard:statistics')}
          </Text>
          {board.isError ? (
            <Text c="red" size="sm">
              {t('dashboard:loading_error')}
            </Text>
          ) : board.data ? (
            <Counters board={board.data} locale={locale} />
          ) : (
            <Loader size="sm" />
          )}
        </>
      ) : null}
    </div>
  );
}
