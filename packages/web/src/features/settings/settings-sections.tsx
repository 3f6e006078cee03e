import { Anchor, Group } from '@mantine/core';
import { hrefTo, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/** A settings page of spec.md §2 and the title it carries (its tab title too). */
export interface SettingsPageLink {
  route: 'account' | 'information';
  section?: string;
  title: string;
}

/**
 * The settings pages beside this one (spec.md §2 'Settings': appearance, notifications, help and
 * the current user each have their own page), as links named by their titles; the page shown is
 * marked as the current one.
 */
export function SettingsSections({
  locale,
  pages,
  current,
}: {
  locale: WebLocale;
  pages: readonly SettingsPageLink[];
  current: string | undefined;
}) {
  const { t } = useTranslation();
  return (
    <Group component="nav" aria-label={t('app.settings_pages')} gap="md" mb="lg" wrap="wrap">
      {pages.map((page) => {
        const here = page.section === current;
        return (
          <Anchor
            key={page.section ?? page.route}
            component={Link}
            to={hrefTo(locale, page.route, page.section ? { section: page.section } : {})}
            aria-current={here ? 'page' : undefined}
            fw={here ? 700 : undefined}
            underline={here ? 'never' : 'always'}
            size="sm"
            data-settings-page={page.section ?? page.route}
          >
            {t(`title.${page.title}`)}
          </Anchor>
        );
      })}
    </Group>
  );
}
