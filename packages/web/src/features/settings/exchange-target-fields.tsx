import { SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { exchangeUrl } from '@sil/contract';
import { useTranslation } from 'react-i18next';

/** Where one destination sends: the server's file drop, or a URL that receives the message by POST. */
export type Mode = 'drop' | 'url';
export interface Target {
  mode: Mode;
  url: string;
}

export const targetOf = (url: string | null): Target => ({ mode: url ? 'url' : 'drop', url: url ?? '' });
export const urlOf = (target: Target) => (target.mode === 'url' ? target.url.trim() : null);

/** The message key under a URL input, or null when the destination is valid (the contract's rule). */
export function urlError(target: Target): 'url_required' | 'url_invalid' | null {
  const url = urlOf(target);
  if (url === null) return null;
  if (url === '') return 'url_required';
  return exchangeUrl.safeParse(url).success ? null : 'url_invalid';
}

/** Drop or URL, and the URL when it is one. */
export function TargetFields({
  target,
  onChange,
  error,
  name,
}: {
  target: Target;
  onChange: (next: Target) => void;
  error: string | null;
  name: string;
}) {
  const { t } = useTranslation('settings');
  return (
    <Stack gap="xs">
      <SegmentedControl
        fullWidth
        value={target.mode}
        onChange={(mode) => onChange({ ...target, mode: mode as Mode })}
        data={[
          { value: 'drop', label: t('exchange_destination.mode_drop') },
          { value: 'url', label: t('exchange_destination.mode_url') },
        ]}
        aria-label={t('exchange_destination.destination')}
        data-field={`${name}_mode`}
      />
      {target.mode === 'url' ? (
        <TextInput
          label={t('exchange_destination.url')}
          description={t('exchange_destination.url_hint')}
          placeholder="https://"
          inputMode="url"
          value={target.url}
          onChange={(event) => onChange({ ...target, url: event.currentTarget.value })}
          error={error}
          data-field={`${name}_url`}
        />
      ) : (
        <Text size="xs" c="dimmed">
          {t('exchange_destination.drop_hint')}
        </Text>
      )}
    </Stack>
  );
}
