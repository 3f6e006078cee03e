import { Alert, SimpleGrid, Stack } from '@mantine/core';
import { insuranceWarning } from '@sil/contract';
import { countryChoices } from '@sil/contract/countries';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoadAll } from '../../../lib/table/use-load-all';
import { WArea, WSelect, WSwitch, WText } from './fields';
import { useWizard } from './wizard-context';

/** Step 3: physiology. */
export function StepPhysiology() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <WText field="patient_height_cm" type="number" />
      <WText field="patient_weight_kg" type="number" />
      <WSwitch field="patient_pregnant" />
      <WSwitch field="patient_newborn" />
    </SimpleGrid>
  );
}

/** Step 4: health insurance, warned when the rights have ended or end soon (spec.md §5). */
export function StepInsurance() {
  const { t } = useTranslation('records');
  const { form } = useWizard();
  const warning = insuranceWarning(form.watch('patient_insurance_to') || null);
  return (
    <Stack>
      {warning ? (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-warning={warning}>
          {t(`insurance.${warning}`)}
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
        <WText field="patient_insurance" />
        <WText field="patient_agreement_type" />
        <WText field="patient_insurance_code1" />
        <WText field="patient_insurance_code2" />
        <WText field="patient_insurance_from" type="date" />
        <WText field="patient_insurance_to" type="date" />
      </SimpleGrid>
    </Stack>
  );
}

/** Step 5: contact details; phones typed the French way or with their +country code. */
export function StepContact() {
  const { i18n } = useTranslation();
  const countries = useMemo(() => countryChoices(i18n.language), [i18n.language]);
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <WText field="patient_address" />
      <WText field="patient_zip" />
      <WText field="patient_city" />
      <WSelect field="patient_country" data={countries} searchable />
      <WText field="patient_phone_num" type="tel" />
      <WText field="patient_landline" type="tel" />
      <WText field="patient_email" type="email" />
      <WText field="patient_fax" type="tel" />
    </SimpleGrid>
  );
}

/** Step 6: additional information on the patient. */
export function StepPatientExtra() {
  const clinics = useLoadAll('clinics');
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm">
      <WText field="patient_external_id" />
      {clinics.allowed ? <WSelect field="patient_owner" data={clinics.choices} searchable /> : null}
      <WText field="patient_treating_practitioner" />
      <div style={{ gridColumn: '1 / -1' }}>
        <WArea field="patient_internal_notes" />
      </div>
      {/* The patient's word on the DMP feed: nothing of theirs is sent there when they oppose it. */}
      <WSwitch field="patient_dmp_opposition" />
    </SimpleGrid>
  );
}
