import type { AccountSection, WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppearanceCard } from './appearance-card';
import { ContactCard } from './contact-card';
import { NotificationsCard } from './notifications-card';
import { type SettingsPageLink, SettingsSections } from './settings-sections';

/** The account's pages: 'My account', and appearance and notifications on pages of their own. */
const PAGES: readonly SettingsPageLink[] = [
  { route: 'account', title: 'account_settings' },
  { route: 'account', section: 'appearance', title: 'appearance_settings' },
  { route: 'account', section: 'notifications', title: 'notification_settings' },
];

/**
 * 'My account' (spec.md §2 'Settings'): e-mail and mobile, appearance, notifications. Appearance
 * and notifications also have their own page, with its title and tab title (account/appearance,
 * account/notifications).
 */
export function AccountPage({ locale, section }: { locale: WebLocale; section?: AccountSection }) {
  const { t } = useTranslation();
  const title = PAGES.find((page) => page.section === section)?.title ?? 'account_settings';
  return (
    <>
      <PageHeader title={t(`title.${title}`)} />
      <SettingsSections locale={locale} pages={PAGES} current={section} />
      {section === undefined ? <ContactCard locale={locale} /> : null}
      {section !== 'notifications' ? <AppearanceCard locale={locale} /> : null}
      {section !== 'appearance' ? <NotificationsCard /> : null}
    </>
  );
}
