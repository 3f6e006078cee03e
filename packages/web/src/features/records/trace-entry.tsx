import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { type TraceEntry, traceSentence } from './trace-sentence';

/** One change of the record's trace, as a sentence, with the reason and the NCA it was made under. */
export function TraceEntryLine({ entry }: { entry: TraceEntry }) {
  const { t, i18n } = useTranslation('records');
  return (
    <div data-testid="trace-entry">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {traceSentence(entry, t, i18n.language)}
      </Text>
      {entry.log_comment ? (
        <Text size="xs" c="dimmed">
          {t('trace.comment', { comment: entry.log_comment })}
        </Text>
      ) : null}
      {entry.nca ? (
        <Text size="xs" c="dimmed">
          {t('trace.nca', { code: entry.nca })}
        </Text>
      ) : null}
    </div>
  );
}
