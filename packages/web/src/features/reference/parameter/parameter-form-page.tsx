import { Center, Loader } from '@mantine/core';
import { entities, hrefTo, ParameterRow, type WebLocale } from '@sil/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { useTableRow } from '../../../lib/table/use-table-row';
import { ParameterForm } from './parameter-form';

/** `form/parameters/{id?}`: adds or edits a parameter, then returns to the parameters table (§7). */
export function ParameterFormPage({ locale, id }: { locale: WebLocale; id: string | null }) {
  const { t } = useTranslation('tables');
  const navigate = useNavigate();
  const current = useTableRow(entities.parameters, ParameterRow, id);
  const row = current.data ?? null;
  const back = () => void navigate(hrefTo(locale, 'table', { table_name: 'parameters' }));
  return (
    <>
      <PageHeader
        title={id === null ? t('parameter.new') : t('parameter.edit', { name: row?.parameter_name ?? '' })}
      />
      {id === null || row ? (
        <ParameterForm
          key={row?.parameter_last_updated ?? 'new'}
          row={row}
          onDone={back}
          onReload={() => void current.refetch()}
        />
      ) : (
        <Center py="xl">
          <Loader />
        </Center>
      )}
    </>
  );
}
