import { Center, Loader } from '@mantine/core';
import { homePath, restrictedRedirect, type WebLocale } from '@sil/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { checkAccessToken } from '../lib/auth-actions';
import { queryKeys } from '../lib/query-keys';
import { setNextUrl } from '../lib/session';
import { useSession } from '../lib/use-session';

// The side bar, menus and their icons are fetched once logged in: the login page has no use for them.
const AppLayout = lazy(() => import('./layout/app-layout').then((m) => ({ default: m.AppLayout })));

function FullPageLoader() {
  return (
    <Center h="100vh">
      <Loader />
    </Center>
  );
}

/** Saves the requested address as nextUrl, then goes to login (spec.md §2 'Routing rules'). */
function ToLogin({ locale }: { locale: WebLocale }) {
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    setNextUrl(`${location.pathname}${location.search}`);
    navigate(`/${locale}/`, { replace: true });
  }, [location.pathname, location.search, locale, navigate]);
  return null;
}

/**
 * Protected screens: need a session, check the token with the server on each navigation (a failed
 * check logs out), and keep prescribers and external users inside their routes (spec.md §6).
 */
export function Protected({
  locale,
  rest,
  children,
}: {
  locale: WebLocale;
  rest: string;
  children: ReactNode;
}) {
  const { loggedIn, rights } = useSession();
  const location = useLocation();
  useQuery({
    queryKey: queryKeys.accessTokenCheck(location.key, location.pathname),
    queryFn: checkAccessToken,
    enabled: loggedIn,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    meta: { quiet: true },
  });

  if (!loggedIn) return <ToLogin locale={locale} />;
  // Rights come with the first token check after login; the screens need them to render.
  if (!rights) return <FullPageLoader />;
  const redirect = restrictedRedirect(rest, rights.user_type);
  if (redirect) return <Navigate to={`/${locale}/${redirect}`} replace />;
  return (
    <Suspense fallback={<FullPageLoader />}>
      <AppLayout locale={locale} rights={rights}>
        {children}
      </AppLayout>
    </Suspense>
  );
}

/** A logged-in user who opens the login route goes to their home page (the dashboard for staff). */
export function PublicOnly({ locale, children }: { locale: WebLocale; children: ReactNode }) {
  const { loggedIn, rights } = useSession();
  if (loggedIn && rights) return <Navigate to={`/${locale}/${homePath(rights.user_type)}`} replace />;
  return <>{children}</>;
}
