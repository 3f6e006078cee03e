import { Text } from '@mantine/core';

/** A value under its label, on the record and patient cards; a dash when there is none. */
export function LabelValue({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </div>
  );
}
