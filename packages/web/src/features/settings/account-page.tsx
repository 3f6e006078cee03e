import type { WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppearanceCard } from './appearance-card';
import { ContactCard } from './contact-card';
import { NotificationsCard } from './notifications-card';

/** 'My account' (spec.md §2 'Settings'): e-mail and mobile, appearance, notifications. */
export function AccountPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('title.account_settings')} />
      <ContactCard locale={locale} />
      <AppearanceCard locale={locale} />
      <NotificationsCard />
    </>
  );
}
