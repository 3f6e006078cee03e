import { SimpleGrid, Switch } from '@mantine/core';
import {
  ADMIN_KEYS,
  type AdminKey,
  type PermissionLevel,
  SPECIAL_RIGHTS,
  type SpecialRight,
} from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { LevelSelect } from './level-select';

export type RightsValues = Record<AdminKey, PermissionLevel> & Record<SpecialRight, boolean>;

/** Levels per area and special rights, as granted to an internal user. */
export function RightsGrid({
  value,
  onChange,
  disabled,
}: {
  value: RightsValues;
  onChange: (next: RightsValues) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('tables');
  return (
    <>
      {/* One column on a phone: two would cut 'Lecture et modification' short. */}
      <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="sm" verticalSpacing="xs">
        {ADMIN_KEYS.map((key) => (
          <LevelSelect
            key={key}
            label={t(`users.keys.${key}`)}
            value={value[key]}
            disabled={disabled}
            onChange={(level) => onChange({ ...value, [key]: level })}
          />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md" spacing="xs">
        {SPECIAL_RIGHTS.map((key) => (
          <Switch
            key={key}
            label={t(`users.special.${key}`)}
            checked={value[key]}
            disabled={disabled}
            onChange={(event) => onChange({ ...value, [key]: event.currentTarget.checked })}
          />
        ))}
      </SimpleGrid>
    </>
  );
}

export function rightsValuesOf(rights: RightsValues): RightsValues {
  const values = emptyRightsValues();
  for (const key of ADMIN_KEYS) values[key] = rights[key];
  for (const key of SPECIAL_RIGHTS) values[key] = rights[key];
  return values;
}

export function emptyRightsValues(): RightsValues {
  return {
    admin_nabms: 0,
    admin_patients: 0,
    admin_records: 0,
    admin_prescribers: 0,
    admin_analyses: 0,
    admin_parameters: 0,
    admin_samples: 0,
    admin_sample_types: 0,
    admin_machines: 0,
    admin_families: 0,
    admin_matrices: 0,
    admin_access: 0,
    admin_clinics: 0,
    admin_collectors: 0,
    admin_rights: false,
    validation_admin: false,
    invalidation_admin: false,
    billing_user: false,
    medical_user: false,
  };
}
