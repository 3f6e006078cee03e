import { Group, SimpleGrid, Text } from '@mantine/core';
import { ZONES } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../lib/form/number-field';
import type { Zone, ZonesInput } from './ranges-state';

/** Therapeutic, toxic and deadly zones, each a minimum and a maximum. */
export function ZonesEditor({
  zones,
  onChange,
  problems,
}: {
  zones: ZonesInput;
  onChange: (next: ZonesInput) => void;
  problems: ReadonlySet<Zone>;
}) {
  const { t } = useTranslation('tables');
  const set = (zone: Zone, key: 'min' | 'max', value: number | '') =>
    onChange({ ...zones, [zone]: { ...zones[zone], [key]: value } });
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      {ZONES.map((zone) => (
        <div key={zone} data-zone={zone}>
          <Text size="sm" fw={600} mb={4}>
            {t(`zones.${zone}`)}
          </Text>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <NumberField
              size="xs"
              label={t('ranges.min')}
              value={zones[zone].min}
              onChange={(value) => set(zone, 'min', value)}
              error={problems.has(zone) ? t('issues.bounds') : undefined}
            />
            <NumberField
              size="xs"
              label={t('ranges.max')}
              value={zones[zone].max}
              onChange={(value) => set(zone, 'max', value)}
              error={problems.has(zone)}
            />
          </Group>
        </div>
      ))}
    </SimpleGrid>
  );
}
