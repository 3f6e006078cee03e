import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../components/page-header';
import { useUserData } from './api';

/** The dashboard frame; its panels and counters come with the dashboard issue. */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useUserData();
  return (
    <PageHeader
      title={t('title.dashboard')}
      subtitle={
        user.data
          ? `${t('dashboard.welcome', { name: user.data.user_name })} · ${user.data.laboratory_name}`
          : undefined
      }
    />
  );
}
