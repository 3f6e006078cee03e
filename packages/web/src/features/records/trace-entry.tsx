import { Code, Spoiler, Text } from '@mantine/core';
import type { RouteAnswer } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { formatValueText } from '../../lib/format/value-text';

export type TraceEntry = RouteAnswer<'getRecordTrace'>[number];

/** Newest first: the change the user is looking for is usually the last one made. */
export const newestFirst = (entries: readonly TraceEntry[]) =>
  [...entries].sort((a, b) => b.modification_id - a.modification_id);

/** 'Modification · Dossier', in words rather than the audit trail's table and operation names. */
export function TraceAction({ entry }: { entry: TraceEntry }) {
  const { t } = useTranslation('records');
  return (
    <>
      {t(`trace.actions.${entry.modification_type}`, { defaultValue: entry.modification_type })} ·{' '}
      {t(`trace.tables.${entry.table_name}`, { defaultValue: entry.table_name })}
      {entry.log_comment ? (
        <Text size="xs" c="dimmed">
          {entry.log_comment}
        </Text>
      ) : null}
    </>
  );
}

export function TraceField({ entry }: { entry: TraceEntry }) {
  const { t } = useTranslation('records');
  const field = entry.modification_field;
  if (!field) return <>—</>;
  // The wizard's labels first, then the tables' column names, then the trace's own (status dates).
  return (
    <>{t([`fields.${field}`, `tables:fields.${field}`, `trace.fields.${field}`], { defaultValue: field })}</>
  );
}

/**
 * An old or new value. A created or deleted row is kept whole (as JSON) in the audit trail: it is
 * folded to a few lines so that one creation does not push every change off the screen.
 */
export function TraceValue({ value }: { value: string | null }) {
  const { t, i18n } = useTranslation('records');
  if (value === null || value === '') return <>—</>;
  if (!value.startsWith('{'))
    return <span style={{ wordBreak: 'break-word' }}>{formatValueText(value, i18n.language)}</span>;
  return (
    <Spoiler maxHeight={44} showLabel={t('trace.show')} hideLabel={t('trace.hide')} fz="xs">
      <Code block fz="xs" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value}
      </Code>
    </Spoiler>
  );
}
