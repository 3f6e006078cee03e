import type { DocumentKind, ReportChannel } from './schemas.js';

/** The last words of each report-service file name (spec §7 'Report service'). */
const KIND_TITLES: Record<DocumentKind, string> = {
  requestForm: "BON DE DEMANDE D'ANALYSE",
  cerfa: "FEUILLE D'HONORAIRES",
  prescription: 'PRESCRIPTION',
  quote: 'DEVIS',
};

export const REPORT_CHANNEL_LABELS: Record<ReportChannel, string> = {
  fax: 'Fax',
  phone: 'Téléphone',
  post: 'Courrier',
  paper: 'Papier (remis au patient)',
  online: 'En ligne',
  insurance: 'Assurance',
  occupationalPhysician: 'Médecin du travail',
};

export const SEX_LABELS = { F: 'Féminin', M: 'Masculin', I: 'Indéterminé' } as const;

export function upperFrench(value: string): string {
  return value.toLocaleUpperCase('fr-FR');
}

/** 'SURNAME First name', the patient name printed on labels (spec §7 print-barcode). */
export function labelName(surname: string, firstName: string): string {
  return `${upperFrench(surname.trim())} ${firstName.trim()}`;
}

/** 'DDMMYYYY F' from an ISO date of birth and the patient's sex (spec §9: DDMMYYYY on labels). */
export function labelDob(isoDate: string, sex: 'F' | 'M' | 'I'): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}${month}${year} ${sex}`;
}

/**
 * The label's 'DDMMYYYY F' as a reader sees it printed: '01/02/1980 F'. The agent's print payload
 * keeps DDMMYYYY (spec §7 print-barcode); the paper shows the slashes, as every other date on paper.
 */
export function printedDob(labelDob: string): string {
  const [date = '', sex] = labelDob.trim().split(' ');
  const slashed = `${date.slice(0, 2)}/${date.slice(2, 4)}/${date.slice(4, 8)}`;
  return sex ? `${slashed} ${sex}` : slashed;
}

/** YYYY-MM-DD → DD/MM/YYYY, as French readers expect on paper. */
export function frenchDate(isoDate: string): string {
  const [year, month, day] = isoDate.split('-');
  return `${day}/${month}/${year}`;
}

/** YYYY-MM-DDTHH:mm (laboratory local time) → DD/MM/YYYY à HH:mm. */
export function frenchDateTime(localDateTime: string): string {
  const [date = '', time = ''] = localDateTime.split('T');
  return `${frenchDate(date)} à ${time}`;
}

/**
 * '{record_id} - {SURNAME} {first name} - BON DE DEMANDE D'ANALYSE.pdf' and its siblings.
 * Characters that Windows or macOS refuse in file names are replaced, because reception staff
 * save these files on their workstation.
 */
export function pdfFileName(
  recordId: string,
  surname: string,
  firstName: string,
  kind: DocumentKind,
): string {
  const name = `${recordId} - ${labelName(surname, firstName)} - ${KIND_TITLES[kind]}`;
  return `${safeFileName(name)}.pdf`;
}

export function safeFileName(name: string): string {
  return (
    name
      // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .replace(/[\\/:*?"<>|]/g, '-')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** What the report says of an analysis not performed (ANE codes of spec.md's non-conformities). */
export const ANE_TEXTS: Record<string, string> = {
  ane1: 'Analyse réalisée ultérieurement',
  ane2: 'Non réalisée à la demande du patient',
  ane3: 'Analyse hors nomenclature refusée par le patient',
  ane4: 'Échantillon(s) manquant(s)',
  ane5: 'Conditions pré-analytiques non respectées',
  ane6: 'Analyse déjà réalisée',
  ane7: 'Analyse annulée',
  ane8: 'Patient non à jeun',
  ane9: 'Non réalisée au laboratoire',
  ane10: 'Incident technique',
  ane11: "Absence d'autorisation parentale",
  ane12: 'Prescription modifiée par le biologiste',
  other: 'Analyse non effectuée',
};

/** A number as French readers write it: a decimal comma, the parameter's decimals. */
export function frenchNumber(value: number, decimals: number | null): string {
  const text = decimals === null ? String(value) : value.toFixed(decimals);
  return text.replace('.', ',');
}
