/**
 * Every query key of the web app, from one factory: a screen and the mutation that changes what it
 * shows name the same data the same way. Invalidating a prefix (`table.all`, `record.all`)
 * refreshes everything under it.
 */
export const queryKeys = {
  table: {
    all: (table: string) => ['table', table] as const,
    list: (table: string, query: unknown) => ['table', table, 'list', query] as const,
    loadAll: (table: string) => ['table', table, 'load-all'] as const,
    one: (table: string, id: string) => ['table', table, 'one', id] as const,
  },
  record: {
    all: ['record'] as const,
    one: (id: string) => ['record', id] as const,
    trace: (id: string) => ['record', id, 'trace'] as const,
    /** Its ANEs and NCAs: under the record's key, so that what refreshes the record refreshes them. */
    nonconformities: (id: string) => ['record', id, 'nonconformities'] as const,
    labels: (id: string) => ['record', id, 'labels'] as const,
    /** The stored versions of its result report: validation refreshes them with the record. */
    reports: (id: string) => ['record', id, 'reports'] as const,
    /** Its validated results as the report prints them (the prescriber portal, issue 40). */
    validatedResults: (id: string) => ['record', id, 'validated-results'] as const,
    /** Its report channels and phone checklist (issue 15 'Delivery'). */
    deliveries: (id: string) => ['record', id, 'deliveries'] as const,
    /** The record picker of the uploads screen: records found by a search, and the chosen one. */
    pick: (term: string) => ['record', 'pick', term] as const,
  },
  patient: {
    all: ['patient'] as const,
    one: (id: string) => ['patient', id] as const,
    history: (id: string) => ['patient', id, 'history'] as const,
    /** A page of the patient's results in the history. */
    results: (id: string, page: number, size: number) => ['patient', id, 'results', page, size] as const,
    search: (term: string) => ['patient', 'search', term] as const,
  },
  sample: {
    /** A sample's parameters and results, as the results bench reads and saves them. */
    all: ['sample'] as const,
    results: (id: string) => ['sample', id, 'results'] as const,
  },
  /** Biological validation: the records waiting, and a record's preview with every result. */
  validation: {
    all: ['validation'] as const,
    queue: ['validation', 'queue'] as const,
    preview: (id: string) => ['validation', 'preview', id] as const,
  },
  duplicates: ['duplicates'] as const,
  uploads: (recordId: string) => ['uploads', recordId] as const,
  worklist: (machineId: string) => ['worklist', machineId] as const,
  /** The records waiting on one report channel; under the record key so that a record's change refreshes it. */
  deliveryWorklist: (channel: string, state: string) =>
    ['record', 'delivery-worklist', channel, state] as const,
  /** Internal quality control: a machine's targets and runs, and one target's Levey-Jennings series. */
  ciq: {
    all: ['ciq'] as const,
    machine: (machineId: string) => ['ciq', 'machine', machineId] as const,
    chart: (settingId: string) => ['ciq', 'chart', settingId] as const,
  },
  /** What the instrument codes of a file type mean for a machine (the import screen's mapping). */
  importMappingsAll: ['import-mappings'] as const,
  /** Parameters as mapping choices: under the parameters table, so its changes refresh them. */
  importParameterChoices: ['table', 'parameters', 'import-choices'] as const,
  importMappings: (fileType: string, machineId: string) => ['import-mappings', fileType, machineId] as const,
  /** Billing (issue 16): a record's billing details under the record key, and the billing list. */
  billingDetails: (recordId: string) => ['record', recordId, 'billing'] as const,
  billingAll: ['billing'] as const,
  billingList: (state: string) => ['billing', 'list', state] as const,
  bValues: ['billing', 'b-values'] as const,
  userData: ['user-data'] as const,
  verification: (kind: string, token: string) => ['verification', kind, token] as const,
  accessTokenCheck: (locationKey: string, pathname: string) =>
    ['access-token-check', locationKey, pathname] as const,
  // Account, security and information pages (issue 18): under the user's data, so what refreshes
  // the user refreshes them.
  accountStatus: ['user-data', 'account-status'] as const,
  ownSessions: ['user-data', 'own-sessions'] as const,
  laboratoryInformation: ['laboratory-information'] as const,
  /** The dashboard's counters (issue 17): under the record key, so that a record's change refreshes them. */
  dashboard: ['record', 'dashboard'] as const,
};
