import { SegmentedControl } from '@mantine/core';
import { WEB_LOCALES, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';

/** Switches the page to the other language by changing the locale segment of its address. */
export function LanguageSelect({
  locale,
  onChange,
}: {
  locale: WebLocale;
  onChange?: (locale: WebLocale) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <SegmentedControl
      size="xs"
      value={locale}
      aria-label={t('login.language')}
      data={WEB_LOCALES.map((value) => ({ value, label: t(`languages.${value}`) }))}
      onChange={(value) => {
        const next = WEB_LOCALES.find((candidate) => candidate === value);
        if (!next || next === locale) return;
        onChange?.(next);
        const rest = location.pathname.split('/').slice(2).join('/');
        navigate(`/${next}/${rest}${location.search}`, { replace: true });
      }}
    />
  );
}
