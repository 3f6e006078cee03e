import { Fieldset, Group, SimpleGrid } from '@mantine/core';
import { ZONES } from '@sil/contract';
import { type Control, Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../lib/form/number-field';
import type { RangesValues, Zone } from './ranges-state';

/** Therapeutic, toxic and deadly zones, each a minimum and a maximum, fields of the parameter form. */
export function ZonesEditor({
  control,
  problems,
}: {
  control: Control<RangesValues>;
  problems: ReadonlySet<Zone>;
}) {
  const { t } = useTranslation('tables');
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {ZONES.map((zone) => (
        <Fieldset
          key={zone}
          variant="unstyled"
          legend={t(`zones.${zone}`)}
          styles={{ legend: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 600, marginBottom: 4 } }}
        >
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Controller
              control={control}
              name={`zones.${zone}.min`}
              render={({ field }) => (
                <NumberField
                  size="xs"
                  label={t('ranges.min')}
                  value={field.value}
                  onChange={field.onChange}
                  error={problems.has(zone) ? t('issues.bounds') : undefined}
                />
              )}
            />
            <Controller
              control={control}
              name={`zones.${zone}.max`}
              render={({ field }) => (
                <NumberField
                  size="xs"
                  label={t('ranges.max')}
                  value={field.value}
                  onChange={field.onChange}
                  error={problems.has(zone)}
                />
              )}
            />
          </Group>
        </Fieldset>
      ))}
    </SimpleGrid>
  );
}
