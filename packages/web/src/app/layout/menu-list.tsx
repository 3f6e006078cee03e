import { NavLink } from '@mantine/core';
import type { MenuEntry, WebLocale } from '@sil/contract';
import { IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { menuIcon } from './menu-icons';

interface MenuListProps {
  entries: MenuEntry[];
  locale: WebLocale;
  dark: boolean;
  onNavigate?: () => void;
  onToggleTheme: () => void;
  onLogout: () => void;
}

function containsPath(entry: MenuEntry, pathname: string, locale: WebLocale): boolean {
  if (entry.kind === 'link') return pathname.startsWith(`/${locale}/${entry.path}`);
  if (entry.kind === 'group') return entry.children.some((child) => containsPath(child, pathname, locale));
  return false;
}

/**
 * The menu entries as navigation links. Pages are real anchors, so a middle-click (or ctrl-click)
 * opens them in a new tab as any link would; dropdowns open on click.
 */
export function MenuList({ entries, locale, dark, onNavigate, onToggleTheme, onLogout }: MenuListProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();

  const render = (entry: MenuEntry) => {
    if (entry.kind === 'link') {
      const Icon = menuIcon(entry.id);
      return (
        <NavLink
          key={entry.id}
          component={Link}
          to={`/${locale}/${entry.path}`}
          label={t(`menu.${entry.id}`)}
          leftSection={<Icon size={22} stroke={1.6} />}
          active={containsPath(entry, pathname, locale)}
          onClick={onNavigate}
          data-menu-id={entry.id}
        />
      );
    }
    if (entry.kind === 'group') {
      const Icon = menuIcon(entry.id);
      return (
        <NavLink
          key={entry.id}
          label={t(`menu.${entry.id}`)}
          leftSection={<Icon size={22} stroke={1.6} />}
          defaultOpened={containsPath(entry, pathname, locale)}
          data-menu-id={entry.id}
          childrenOffset={12}
        >
          {entry.children.map(render)}
        </NavLink>
      );
    }
    if (entry.id === 'theme') {
      const Icon = dark ? IconSun : menuIcon('theme');
      return (
        <NavLink
          key="theme"
          component="button"
          label={t(dark ? 'menu.theme_light' : 'menu.theme_dark')}
          leftSection={<Icon size={22} stroke={1.6} />}
          onClick={onToggleTheme}
          data-menu-id="theme"
        />
      );
    }
    const Icon = menuIcon('logout');
    return (
      <NavLink
        key="logout"
        component="button"
        label={t('menu.logout')}
        leftSection={<Icon size={22} stroke={1.6} />}
        onClick={onLogout}
        data-menu-id="logout"
      />
    );
  };

  return <>{entries.map(render)}</>;
}
