import { INS_KINDS, INS_OIDS } from '@sil/contract';
import { countryName } from '@sil/contract/countries';
import { useTranslation } from 'react-i18next';
import { useLoadAll } from '../../../lib/table/use-load-all';
import { useAnalyses } from '../api';
import type { OfferedAnalysis } from './quick-selections';

/** The laboratory's analyses as the wizard shows them, with their family's name when readable. */
function useCatalogue(visible: boolean): OfferedAnalysis[] {
  const analyses = useAnalyses();
  const families = useLoadAll('families');
  return (analyses.data?.data ?? [])
    .filter((row) => row.analysis_visible === visible)
    .map((row) => ({
      id: row.analysis_id,
      name: row.analysis_name,
      family: families.choices.find((choice) => choice.value === row.analysis_family)?.label ?? '',
      forensic: row.analysis_is_forensic === true,
      nabm: row.analysis_nabm_codes ?? [],
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The analyses a record may order: visible ones only (hidden ones: cannotOrderHiddenAnalyses). */
export function useOfferedAnalyses(): OfferedAnalysis[] {
  return useCatalogue(true);
}

/** Hidden (internal) analyses, shown greyed when a search finds them, never ordered. */
export function useHiddenAnalyses(): OfferedAnalysis[] {
  return useCatalogue(false);
}

/** How the summary shows a value: the label of a choice, the name of a referenced row. */
export function useValueNames(analyses: readonly OfferedAnalysis[]) {
  const { t, i18n } = useTranslation('records');
  const collectors = useLoadAll('collectors');
  const prescribers = useLoadAll('prescribers');
  const clinics = useLoadAll('clinics');
  const labelIn = (choices: Array<{ value: string; label: string }>, value: string) =>
    choices.find((choice) => choice.value === value)?.label ?? value;
  return (field: string, value: string): string => {
    switch (field) {
      case 'analysis':
        return analyses.find((analysis) => analysis.id === value)?.name ?? value;
      case 'patient_civility':
        return t(`civilities.${value}`);
      case 'patient_gender':
        return t(`genders.${value}`);
      case 'patient_country':
        return countryName(value, i18n.language);
      case 'patient_identity_status':
        return t(`identity_statuses.${value}`);
      case 'patient_ins_oid': {
        const kind = INS_KINDS.find((candidate) => INS_OIDS[candidate] === value);
        return kind ? t(`ins_kinds.${kind}`) : value;
      }
      case 'record_collector':
        return labelIn(collectors.choices, value);
      case 'record_prescriber':
        return labelIn(prescribers.choices, value);
      case 'record_owner':
      case 'patient_owner':
        return labelIn(clinics.choices, value);
      default:
        return value;
    }
  };
}
