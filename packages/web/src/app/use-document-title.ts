import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Browser tab title of spec.md §2, in the page's language: '<screen> · SIL'. */
export function useDocumentTitle(key: string): void {
  const { t } = useTranslation();
  const title = `${t(`title.${key}`)} · ${t('app.name')}`;
  useEffect(() => {
    document.title = title;
  }, [title]);
}
