import { ActionIcon, Box, Burger, Group, Text, ThemeIcon } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { flattenMenu, homePath, menuFor, type Rights, type WebLocale } from '@sil/contract';
import { IconArrowLeft, IconFlask2 } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { logout, updatePreferences } from '../../lib/auth-actions';
import { showToast } from '../../lib/notify';
import { usePreferences } from '../../lib/use-session';
import { useInactivityLogout } from '../use-inactivity-logout';
import classes from './layout.module.css';
import { MenuList } from './menu-list';

const MenuDrawer = lazy(() => import('./menu-drawer'));

/** spec.md §9: the mobile layout applies below 992 px. */
const MOBILE_QUERY = '(max-width: 991.98px)';

function Brand({ locale, home }: { locale: WebLocale; home: string }) {
  const { t } = useTranslation();
  return (
    <Group
      gap={18}
      wrap="nowrap"
      renderRoot={(props) => <Link to={`/${locale}/${home}`} {...props} />}
      // Named even when the folded side rail hides the words: the visible words, then nothing else.
      aria-label={`${t('app.name')} ${t('app.full_name')}`}
      style={{ textDecoration: 'none' }}
    >
      <ThemeIcon size={36} radius="md" variant="gradient" gradient={{ from: 'indigo', to: 'cyan', deg: 135 }}>
        <IconFlask2 size={22} />
      </ThemeIcon>
      <div className={classes.brandName}>
        <Text fw={700} c="var(--mantine-color-text)" lh={1.1}>
          {t('app.name')}
        </Text>
        {/* The words read as the link's name says them ('SIL Système…', not 'SILSystème…'). */}{' '}
        <Text size="xs" c="dimmed" lh={1.1}>
          {t('app.full_name')}
        </Text>
      </div>
    </Group>
  );
}

export function AppLayout({
  locale,
  rights,
  children,
}: {
  locale: WebLocale;
  rights: Rights;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const mobile = useMediaQuery(MOBILE_QUERY, window.matchMedia(MOBILE_QUERY).matches, {
    getInitialValueInEffect: false,
  });
  const [drawerOpened, drawer] = useDisclosure(false);
  const preferences = usePreferences();
  const dark = preferences.theme === 'dark';
  const menu = useMemo(() => menuFor(rights), [rights]);
  const home = homePath(rights.user_type);
  const onHome = location.pathname.replace(/\/+$/, '') === `/${locale}/${home}`;

  const toggleTheme = useMutation({
    mutationFn: () => updatePreferences({ theme: dark ? 'light' : 'dark' }),
  });
  const endSession = () => {
    navigate(`/${locale}/`, { replace: true });
    void logout();
  };
  useInactivityLogout(() => {
    endSession();
    showToast('info', t('toast.notice'), t('toast.inactivityLogout'));
  });

  const menuList = (
    <MenuList
      entries={mobile ? flattenMenu(menu) : menu}
      locale={locale}
      dark={dark}
      onNavigate={drawer.close}
      onToggleTheme={() => toggleTheme.mutate()}
      onLogout={endSession}
    />
  );

  // Without history (a link opened in a new tab), 'back' leads to the user's home page.
  const goBack = () => (location.key === 'default' ? navigate(`/${locale}/${home}`) : navigate(-1));
  // The page keeps its place in the tree whatever the width: turning a tablet across the phone
  // width swaps the menus, not the page, which keeps what the user was typing.
  return (
    <>
      {mobile ? (
        <header className={classes.header}>
          <Burger opened={drawerOpened} onClick={drawer.toggle} aria-label={t('menu.open_menu')} size="sm" />
          {onHome ? null : (
            <ActionIcon variant="subtle" size="lg" onClick={goBack} aria-label={t('menu.back')}>
              <IconArrowLeft size={22} />
            </ActionIcon>
          )}
          <Brand locale={locale} home={home} />
        </header>
      ) : (
        <nav className={classes.sidebar} aria-label={t('menu.navigation')}>
          <div className={classes.brand}>
            <Brand locale={locale} home={home} />
          </div>
          {/* A plain scrolling box (scrollbar hidden): Mantine's ScrollArea would bring Floating UI into every first load. */}
          <div className={classes.menu} data-side-rail>
            {menuList}
          </div>
        </nav>
      )}
      {mobile ? (
        <Suspense fallback={null}>
          <MenuDrawer
            opened={drawerOpened}
            onClose={drawer.close}
            title={<Brand locale={locale} home={home} />}
            closeLabel={t('menu.close_menu')}
          >
            <nav aria-label={t('menu.navigation')}>{menuList}</nav>
          </MenuDrawer>
        </Suspense>
      ) : null}
      <Box component="main" className={mobile ? classes.mobileMain : classes.main}>
        {children}
      </Box>
    </>
  );
}
