import { type RouteMatch, resolveLocation, titleKey, type WebLocale } from '@sil/contract';
import { use, useEffect, useLayoutEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { NotFoundPage } from '../features/errors';
import { browserLocale, hasLanguage, loadLanguage, setLanguage } from '../lib/i18n';
import { getStoredLocale, savePreferences } from '../lib/preferences';
import { startProgress } from '../lib/progress';
import { Protected, PublicOnly } from './guards';
import { PageProgress } from './page-progress';
import { ScreenFor } from './screens';
import { useDocumentTitle } from './use-document-title';

/**
 * The one route of the router: applies spec.md §2 'Routing rules' from the contract's route table
 * (locale prefix, unknown locale, unknown path, root), then the guards, then the screen.
 */
export function RootRoute() {
  const location = useLocation();
  const resolution = resolveLocation(location.pathname, getStoredLocale() ?? browserLocale());
  const locale: WebLocale | null = resolution.kind === 'redirect' ? null : resolution.locale;
  const match: RouteMatch | null = resolution.kind === 'render' ? resolution.match : null;
  // English is fetched with the first page shown in it: the page waits for its texts (French is there).
  if (locale && !hasLanguage(locale)) use(loadLanguage(locale));

  // The page's language follows its address; a layout effect switches it before the first paint.
  useLayoutEffect(() => {
    if (locale) setLanguage(locale);
  }, [locale]);
  useEffect(() => {
    if (locale && getStoredLocale() !== locale) savePreferences({ locale });
  }, [locale]);
  // Each new address restarts the page-load bar.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the pathname is the trigger, not an input
  useEffect(() => {
    startProgress();
  }, [location.pathname]);
  useDocumentTitle(titleKey(match));

  if (resolution.kind === 'redirect') return <Navigate to={`${resolution.to}${location.search}`} replace />;
  if (resolution.kind === 'notFound') {
    return (
      <>
        <PageProgress />
        <NotFoundPage locale={resolution.locale} />
      </>
    );
  }
  const { route } = resolution.match;
  const screen = <ScreenFor locale={resolution.locale} match={resolution.match} />;
  return (
    <>
      <PageProgress />
      {route.id === 'login' ? (
        <PublicOnly locale={resolution.locale}>{screen}</PublicOnly>
      ) : route.public ? (
        screen
      ) : (
        <Protected locale={resolution.locale} rest={resolution.rest}>
          {screen}
        </Protected>
      )}
    </>
  );
}
