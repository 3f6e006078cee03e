import { Card, Group, SegmentedControl, Stack, Switch, Text, Title } from '@mantine/core';
import type { Preferences, WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { LanguageSelect } from '../../components/language-select';
import { usePreferences } from '../../lib/use-session';
import { useSavePreferences } from './api';

const FONT_SIZES: Preferences['font_size'][] = ['small', 'medium', 'large'];

/** Appearance settings (spec.md §2 'Settings'): night mode, colour-blind mode, font size, language. */
export function AppearanceCard({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation();
  const preferences = usePreferences();
  const save = useSavePreferences();

  return (
    <Card withBorder radius="md" padding="lg" maw={640} data-card="appearance">
      <Title order={2} fz="h4" mb="md">
        {t('appearance.heading')}
      </Title>
      <Stack gap="lg">
        <Switch
          label={t('appearance.night_mode')}
          checked={preferences.theme === 'dark'}
          onChange={(event) => save.mutate({ theme: event.currentTarget.checked ? 'dark' : 'light' })}
        />
        <Switch
          label={t('appearance.color_blind')}
          description={t('appearance.color_blind_hint')}
          checked={preferences.color_blind}
          onChange={(event) => save.mutate({ color_blind: event.currentTarget.checked })}
        />
        <Group justify="space-between">
          <Text size="sm">{t('appearance.font_size')}</Text>
          <SegmentedControl
            size="xs"
            aria-label={t('appearance.font_size')}
            value={preferences.font_size}
            data={FONT_SIZES.map((value) => ({ value, label: t(`appearance.font_${value}`) }))}
            onChange={(value) => {
              const size = FONT_SIZES.find((candidate) => candidate === value);
              if (size) save.mutate({ font_size: size });
            }}
          />
        </Group>
        <Group justify="space-between">
          <Text size="sm">{t('appearance.language')}</Text>
          <LanguageSelect locale={locale} onChange={(next) => save.mutate({ locale: next })} />
        </Group>
      </Stack>
    </Card>
  );
}
