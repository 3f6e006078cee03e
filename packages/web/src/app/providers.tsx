import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { ScreenFormats } from '../lib/format/screen-formats';
import { i18n } from '../lib/i18n';
import { notifyApiError, TOAST_DURATION_MS, TOAST_LIMIT } from '../lib/notify';
import { FONT_SIZE_PX } from '../lib/preferences';
import { usePreferences } from '../lib/use-session';
import { buildTheme, resolveCssVariables } from './theme';

/** Every failed query or mutation shows its error toast, unless it says `meta: { quiet: true }`. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (!query.meta?.quiet) notifyApiError(error);
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (!mutation.meta?.quiet) notifyApiError(error);
      },
    }),
    defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false }, mutations: { retry: false } },
  });
}

export function Providers({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  const preferences = usePreferences();
  const { t } = useTranslation(undefined, { i18n });
  const closeLabel = t('app.close_dialog');
  const theme = useMemo(
    () => buildTheme(preferences.color_blind, closeLabel),
    [preferences.color_blind, closeLabel],
  );

  useEffect(() => {
    document.documentElement.style.fontSize = `${FONT_SIZE_PX[preferences.font_size]}px`;
    document.documentElement.dataset.colorBlind = String(preferences.color_blind);
  }, [preferences.font_size, preferences.color_blind]);

  return (
    <I18nextProvider i18n={i18n}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={resolveCssVariables}
        forceColorScheme={preferences.theme}
      >
        <ScreenFormats>
          <Notifications position="bottom-right" autoClose={TOAST_DURATION_MS} limit={TOAST_LIMIT} />
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </ScreenFormats>
      </MantineProvider>
    </I18nextProvider>
  );
}
