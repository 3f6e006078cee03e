import { Button, Card, Group, SegmentedControl, Select, Stack, Table, Text } from '@mantine/core';
import type { DuplicatePatient } from '@sil/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format/dates';

export interface Deletion {
  patient_id: string;
  replacement_patient_id: string;
}

/** Who a group's patient becomes: kept, or deleted with the kept patient that takes its records. */
type Choice = { keep: true } | { keep: false; replacement: string | null };

/**
 * One group of patients sharing the identity traits. Each is kept or deleted; a deleted one needs
 * a replacement among the kept ones (spec.md §5), which receives its records and notes.
 */
export function DuplicateGroup({
  patients,
  declaredDistinct,
  onMerge,
  onDismiss,
}: {
  patients: DuplicatePatient[];
  /** Those of the group an earlier decision declared 'not duplicates': a new patient joined them. */
  declaredDistinct: readonly string[];
  onMerge: (deletions: Deletion[], names: string[]) => void;
  /** Declares the whole group 'not duplicates' (spec.md §3), once confirmed. */
  onDismiss: (patientIds: string[], names: string[]) => void;
}) {
  const { t, i18n } = useTranslation('records');
  const idOf = (row: DuplicatePatient) => row.patient_id;
  const [choices, setChoices] = useState<Record<string, Choice>>(() =>
    Object.fromEntries(patients.map((row) => [idOf(row), { keep: true }])),
  );
  const kept = patients.filter((row) => choices[idOf(row)]?.keep !== false);
  const nameOf = (row: DuplicatePatient) =>
    `${row.patient_surname} ${row.patient_name} · ${formatDate(row.patient_dob, i18n.language)}`;
  const deletions = patients.flatMap((row): Deletion[] => {
    const choice = choices[idOf(row)];
    return choice && !choice.keep && choice.replacement
      ? [{ patient_id: idOf(row), replacement_patient_id: choice.replacement }]
      : [];
  });
  const deleting = patients.filter((row) => choices[idOf(row)]?.keep === false);
  const complete = deleting.length > 0 && deletions.length === deleting.length && kept.length > 0;

  const set = (id: string, choice: Choice) => setChoices((current) => ({ ...current, [id]: choice }));
  const distinct = patients.filter((row) => declaredDistinct.includes(idOf(row)));
  return (
    <Card withBorder data-testid="duplicate-group">
      {distinct.length > 0 ? (
        <Text size="sm" c="dimmed" mb="xs" data-testid="declared-distinct">
          {t('duplicates.declared_distinct', { names: distinct.map(nameOf).join(', ') })}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="xs">
          <Table.Tbody>
            {patients.map((row) => {
              const id = idOf(row);
              const choice = choices[id] ?? { keep: true };
              return (
                <Table.Tr key={id} data-patient={id}>
                  <Table.Td>
                    <Text fw={500}>{nameOf(row)}</Text>
                    <Text size="xs" c="dimmed">
                      {t('duplicates.records', { count: row.record_count })}
                      {row.patient_nir ? ` · ${row.patient_nir}` : ''}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <SegmentedControl
                      size="xs"
                      value={choice.keep ? 'keep' : 'delete'}
                      onChange={(value) =>
                        set(id, value === 'keep' ? { keep: true } : { keep: false, replacement: null })
                      }
                      data={[
                        { value: 'keep', label: t('duplicates.keep') },
                        { value: 'delete', label: t('duplicates.delete') },
                      ]}
                      data-testid="keep-or-delete"
                    />
                  </Table.Td>
                  <Table.Td w={280}>
                    {choice.keep ? null : (
                      <Select
                        size="xs"
                        placeholder={t('duplicates.replacement')}
                        aria-label={t('duplicates.replacement')}
                        data={kept.map((other) => ({ value: idOf(other), label: nameOf(other) }))}
                        value={choice.replacement}
                        onChange={(value) => set(id, { keep: false, replacement: value })}
                        error={choice.replacement ? undefined : t('duplicates.replacement_required')}
                        data-testid="replacement"
                      />
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack align="flex-end" mt="sm">
        <Group justify="flex-end" gap="sm">
          {kept.length === 0 ? (
            <Text size="sm" c="red">
              {t('duplicates.keep_one')}
            </Text>
          ) : null}
          <Button
            variant="default"
            onClick={() => onDismiss(patients.map(idOf), patients.map(nameOf))}
            data-action="not-duplicates"
          >
            {t('duplicates.not_duplicates')}
          </Button>
          <Button
            color="orange"
            disabled={!complete}
            onClick={() => onMerge(deletions, deleting.map(nameOf))}
            data-action="merge"
          >
            {t('duplicates.merge')}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}
