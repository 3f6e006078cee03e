import { Anchor, Card, Group, List, SimpleGrid, Text } from '@mantine/core';
import { type AnalyserStateRow, hrefTo, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format/dates';
import { LinkBadge, linkWordOf } from './link-badge';

/** One analyser's link as its agent last reported it: connected or listening, last message, counts, errors. */
export function ConnectionCard({ state, locale }: { state: AnalyserStateRow; locale: WebLocale }) {
  const { t, i18n } = useTranslation('analysers');
  const when = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('link.never'));
  const figures: Array<[string, string | number]> = [
    [t('link.last_message_label'), when(state.last_message_at)],
    [t('link.naks'), state.naks],
    [t('link.retransmissions'), state.retransmissions],
    [t('link.pending'), state.pending],
    [t('link.agent'), state.agent_name ?? t('link.no_agent')],
    [t('link.reported_at'), when(state.reported_at)],
  ];
  return (
    <Card withBorder mb="md" data-link-state={linkWordOf(state)}>
      <Group justify="space-between" mb="sm">
        <LinkBadge state={state} size="lg" />
        {state.open_reconciliation_items > 0 ? (
          <Anchor component={Link} to={hrefTo(locale, 'reconciliation')} size="sm">
            {t('link.waiting', { count: state.open_reconciliation_items })}
          </Anchor>
        ) : null}
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        {figures.map(([label, value]) => (
          <div key={label}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text size="sm">{value}</Text>
          </div>
        ))}
      </SimpleGrid>
      {state.errors.length > 0 ? (
        <>
          <Text size="sm" fw={600} mt="md">
            {t('link.errors')}
          </Text>
          <List size="sm" spacing={2}>
            {state.errors.map((error) => (
              <List.Item key={`${error.at}-${error.message}`}>
                {formatDateTime(error.at, i18n.language)} · {error.message}
              </List.Item>
            ))}
          </List>
        </>
      ) : null}
    </Card>
  );
}
