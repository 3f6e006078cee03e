import { Badge, Card, Group, NavLink, ScrollArea, Text } from '@mantine/core';
import { hrefTo, type RecordToValidate, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/format/dates';

/** The records waiting for validation, in the order they are taken (urgent first, then oldest). */
export function RecordQueue({
  locale,
  records,
  current,
}: {
  locale: WebLocale;
  records: RecordToValidate[];
  current: string | null;
}) {
  const { t, i18n } = useTranslation('validation');
  return (
    <Card withBorder padding="xs" data-testid="validation-queue">
      <Group justify="space-between" px="xs" pb="xs">
        <Text fw={600}>{t('queue.title')}</Text>
        <Text size="sm" c="dimmed">
          {t('queue.count', { count: records.length })}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={520}>
        {records.map((record) => (
          <NavLink
            key={record.record_id}
            component={Link}
            to={hrefTo(locale, 'validateRecord', { recordId: record.record_id })}
            active={record.record_id === current}
            data-record={record.record_id}
            label={
              <Group gap={6} wrap="nowrap">
                <Text size="sm" ff="monospace">
                  {record.record_number}
                </Text>
                {record.record_is_urgent ? (
                  <Badge size="xs" color="red">
                    {t('queue.urgent')}
                  </Badge>
                ) : null}
              </Group>
            }
            description={`${[record.patient_surname, record.patient_name].filter(Boolean).join(' ')} · ${formatDateTime(record.record_created, i18n.language)}`}
          />
        ))}
      </ScrollArea.Autosize>
    </Card>
  );
}
