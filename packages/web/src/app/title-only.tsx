import { useTranslation } from 'react-i18next';
import { PageHeader } from '../components/page-header';

/** A screen that a later issue fills in: its title inside the layout, nothing pretending more. */
export function TitleOnly({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return <PageHeader title={t(titleKey)} />;
}
