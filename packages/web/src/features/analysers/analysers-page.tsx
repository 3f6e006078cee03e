import { Anchor, Card, Group, SimpleGrid, Tabs, Text } from '@mantine/core';
import { hrefTo, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { formatDateTime } from '../../lib/format/dates';
import { useTableRights } from '../../lib/table/rights';
import { useAnalyserStates } from './api';
import { ConnectionCard } from './connection-card';
import { LinkBadge } from './link-badge';
import { MappingsEditor } from './mappings-editor';
import { MessageLog } from './message-log';

/**
 * The connected analysers (those with a protocol): each one's link as its agent reports it; one
 * opened shows its link, its message log and (for those who may read the machines) its mapping.
 */
export function AnalysersPage({
  locale,
  machineId,
  tab,
}: {
  locale: WebLocale;
  machineId: string | null;
  tab: string | null;
}) {
  const { t, i18n } = useTranslation('analysers');
  const { t: tMain } = useTranslation();
  const navigate = useNavigate();
  const machines = useTableRights('admin_machines');
  const { data } = useAnalyserStates();
  const states = data?.states ?? [];
  const current = machineId ? states.find((state) => state.machine_id === machineId) : undefined;

  if (machineId) {
    const shown = tab === 'mappings' && machines.read ? 'mappings' : 'log';
    return (
      <>
        <PageHeader
          title={current?.machine_name ?? tMain('title.analysers')}
          subtitle={
            <Anchor component={Link} to={hrefTo(locale, 'analysers')} size="sm">
              {t('analysers.all')}
            </Anchor>
          }
        />
        <Tabs
          value={shown}
          onChange={(next) =>
            navigate(
              hrefTo(locale, 'analysers', { machineId, tab: next === 'mappings' ? 'mappings' : undefined }),
            )
          }
          keepMounted={false}
        >
          <Tabs.List mb="md">
            <Tabs.Tab value="log">{t('analysers.tab_log')}</Tabs.Tab>
            {machines.read ? <Tabs.Tab value="mappings">{t('analysers.tab_mappings')}</Tabs.Tab> : null}
          </Tabs.List>
          <Tabs.Panel value="log">
            {current ? <ConnectionCard state={current} locale={locale} /> : null}
            <MessageLog machineId={machineId} />
          </Tabs.Panel>
          <Tabs.Panel value="mappings">
            <MappingsEditor machineId={machineId} editable={machines.edit} />
          </Tabs.Panel>
        </Tabs>
      </>
    );
  }

  return (
    <>
      <PageHeader title={tMain('title.analysers')} subtitle={t('analysers.subtitle')} />
      {data && states.length === 0 ? <Text c="dimmed">{t('analysers.none')}</Text> : null}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {states.map((state) => (
          <Card
            key={state.machine_id}
            withBorder
            component={Link}
            to={hrefTo(locale, 'analysers', { machineId: state.machine_id })}
            data-analyser={state.machine_name}
          >
            <Group justify="space-between" wrap="nowrap">
              <Text fw={600}>{state.machine_name}</Text>
              <LinkBadge state={state} />
            </Group>
            <Text size="sm" c="dimmed">
              {state.last_message_at
                ? t('link.last_message', { when: formatDateTime(state.last_message_at, i18n.language) })
                : t('link.no_message')}
            </Text>
            {state.open_reconciliation_items > 0 ? (
              <Text size="sm" c="orange">
                {t('link.waiting', { count: state.open_reconciliation_items })}
              </Text>
            ) : null}
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
