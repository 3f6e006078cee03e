import type { WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { AppearanceCard } from './appearance-card';

/** 'My account'. E-mail and mobile verification requests come with the account issue. */
export function AccountPage({ locale }: { locale: WebLocale }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t('title.account_settings')} />
      <AppearanceCard locale={locale} />
    </>
  );
}
