import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { PERSONS_TO_PHONE, REPORT_CHANNELS } from '@sil/contract';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLoadAll } from '../../../lib/table/use-load-all';
import { WArea, WSelect, WSwitch, WText } from './fields';
import type { ResourceFormRenderer, ResourceTable } from './resource-forms';
import { useWizard } from './wizard-context';
import type { FlagField } from './wizard-values';

/** Step 7: who collected, who prescribed, when; collectors and prescribers can be added inline. */
export function StepCollection({ renderResourceForm }: { renderResourceForm: ResourceFormRenderer }) {
  const { t } = useTranslation('records');
  const collectors = useLoadAll('collectors');
  const prescribers = useLoadAll('prescribers');
  const clinics = useLoadAll('clinics');
  const [adding, setAdding] = useState<ResourceTable | null>(null);
  const canAdd = (table: ResourceTable) => (table === 'collectors' ? collectors : prescribers).allowed;
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <WText field="record_prescription_date" type="date" />
        <WText field="record_collection_datetime" type="datetime-local" />
        <WSelect field="record_collector" data={collectors.choices} searchable />
        <WSelect field="record_prescriber" data={prescribers.choices} searchable />
        {clinics.allowed ? <WSelect field="record_owner" data={clinics.choices} searchable /> : null}
        <WText field="record_treating_practitioner" />
      </SimpleGrid>
      <Group gap="lg">
        <WSwitch field="record_is_urgent" />
        <WSwitch field="record_oral_flag" />
        <WSwitch field="record_multiprescription" />
        <WSwitch field="record_collected_externally" />
        <WSwitch field="record_includes_external_samples" />
      </Group>
      <Group gap="sm">
        <Text size="sm" c="dimmed">
          {t('collection.add_resources')}
        </Text>
        {(['collectors', 'prescribers'] as const).filter(canAdd).map((table) => (
          <Button
            key={table}
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} />}
            onClick={() => setAdding(table)}
            data-action={`add-${table}`}
          >
            {t(`collection.add_${table}`)}
          </Button>
        ))}
      </Group>
      {adding ? renderResourceForm(adding, () => setAdding(null)) : null}
    </Stack>
  );
}

/** Step 8: clinical history and posology. */
export function StepClinical() {
  return (
    <Stack>
      <WArea field="record_clinical_information" rows={4} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <WArea field="patient_posology" />
        <WText field="patient_treatment_last" type="datetime-local" />
      </SimpleGrid>
      <WSwitch field="record_pregnant" />
    </Stack>
  );
}

const channelField = (channel: (typeof REPORT_CHANNELS)[number]): FlagField => `record_must_${channel}`;

/** Step 9: how the report goes out, and whom to phone. */
export function StepReport() {
  const { t } = useTranslation('records');
  const { form } = useWizard();
  return (
    <Stack>
      <Text fw={500}>{t('report.channels')}</Text>
      <Group gap="lg">
        {REPORT_CHANNELS.map((channel) => (
          <WSwitch key={channel} field={channelField(channel)} as="checkbox" />
        ))}
      </Group>
      <Controller
        control={form.control}
        name="record_persons_to_phone"
        render={({ field }) => (
          <Checkbox.Group
            label={t('fields.record_persons_to_phone')}
            value={field.value}
            onChange={field.onChange}
          >
            <Group gap="lg" mt={6}>
              {PERSONS_TO_PHONE.map((person) => (
                <Checkbox key={person} value={person} label={t(`persons.${person}`)} />
              ))}
            </Group>
          </Checkbox.Group>
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md" verticalSpacing="sm">
        <WText field="record_other_persons_to_phone" />
        <WText field="record_phone_number" type="tel" />
        <WText field="record_fax_number" type="tel" />
      </SimpleGrid>
    </Stack>
  );
}

/** Step 10: additional information, DEROG, UH and delay (spec.md §3 Record). */
export function StepRecordExtra() {
  const { form } = useWizard();
  const [derog, uh, delai] = form.watch(['record_derog_flag', 'record_uh_flag', 'record_delai_flag']);
  return (
    <Stack>
      <WArea field="record_additional_information" />
      <WSwitch field="record_sent_externally" />
      <WSwitch field="record_derog_flag" />
      {derog ? <WArea field="record_derog_description" rows={2} /> : null}
      <WSwitch field="record_uh_flag" />
      {uh ? <WText field="record_uh_expected_time" type="datetime-local" /> : null}
      <WSwitch field="record_delai_flag" />
      {delai ? (
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
          <WText field="record_delai_cause" />
          <WText field="record_delai_impact" />
          <WText field="record_delai_expected_time" type="datetime-local" />
          <WText field="record_delai_actual_time" type="datetime-local" />
        </SimpleGrid>
      ) : null}
      <WArea field="record_internal_notes" />
    </Stack>
  );
}

/** Step 12: special considerations. */
export function StepSpecial() {
  return <WArea field="record_special_considerations" rows={5} />;
}
