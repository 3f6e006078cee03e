import { patientsTablePage } from '../features/patients';
import { doctorsTablePage, externalRecordsTablePage } from '../features/portals';
import { recordsTablePage } from '../features/records';
import { REFERENCE_TABLE_PAGES } from '../features/reference';
import { samplesTablePage } from '../features/samples';
import type { BoundTablePage } from '../lib/table/table-pages';

/** Every `table/{name}` page but users: each feature brings the pages of its own tables. */
export const TABLE_PAGES: Readonly<Record<string, BoundTablePage>> = {
  ...REFERENCE_TABLE_PAGES,
  records: recordsTablePage,
  patients: patientsTablePage,
  techniques: samplesTablePage,
  // Portals (issue 17).
  doctors: doctorsTablePage,
  external_records: externalRecordsTablePage,
};
