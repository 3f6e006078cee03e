import type { AdminKey, Rights, SpecialRight, UserType } from './permissions.js';

/**
 * The web application's routes (spec.md §2 'Route table'), its menus (§2 'Navigation') and the
 * route restrictions of §6, as data and pure functions so that the browser, the tests and any
 * later server-side rendering read one definition.
 */

export const WEB_LOCALES = ['fr', 'en'] as const;
export type WebLocale = (typeof WEB_LOCALES)[number];
export const DEFAULT_WEB_LOCALE: WebLocale = 'fr';

export function isWebLocale(value: unknown): value is WebLocale {
  return value === 'fr' || value === 'en';
}

/** Table names that have a table configuration; 'collector' is the second reading of 'collectors'. */
export const TABLE_NAMES = [
  'machines',
  'matrices',
  'nabms',
  'parameters',
  'patients',
  'records',
  'prescribers',
  'sample_types',
  'tasks',
  'techniques',
  'users',
  'clinics',
  'collectors',
  'collector',
  'analyses',
  'families',
  'doctors',
  'external_records',
  'duplicates',
  'dashboard',
  'uploads',
] as const;
export type TableName = (typeof TABLE_NAMES)[number];

export function isTableName(value: string): value is TableName {
  return (TABLE_NAMES as readonly string[]).includes(value);
}

export type WebRouteId =
  | 'login'
  | 'dashboard'
  | 'patient'
  | 'account'
  | 'security'
  | 'information'
  | 'import'
  | 'scan'
  | 'formRecords'
  | 'formExternalRecords'
  | 'formParameters'
  | 'dataManagement'
  | 'uploads'
  | 'worklists'
  | 'deliveries'
  | 'onlineReport'
  | 'ciq'
  | 'verifyEmail'
  | 'verifyPhoneNumber'
  | 'validateRecord'
  | 'invalidateRecord'
  | 'previewRecord'
  | 'table'
  | 'resetPassword'
  // Billing (issue 16).
  | 'billing'
  // Analysers connected through the laboratory's agents (issue 41).
  | 'agents'
  | 'analysers'
  | 'reconciliation';

export interface WebRoute {
  id: WebRouteId;
  /** Segments after /{locale}/; ':name' is required, ':name?' optional (only at the end). */
  pattern: string;
  /** Public routes need no session; the others need one and obey {@link isPathAllowed}. */
  public: boolean;
}

export const WEB_ROUTES = [
  { id: 'login', pattern: '', public: true },
  { id: 'dashboard', pattern: 'dashboard', public: false },
  { id: 'patient', pattern: 'patient/:patientId?', public: false },
  // Appearance and notifications have their own pages under the account, current user and help
  // under information (spec.md §2 'Settings', 'Browser tab titles').
  { id: 'account', pattern: 'account/:section?', public: false },
  { id: 'security', pattern: 'security', public: false },
  { id: 'information', pattern: 'information/:section?', public: false },
  { id: 'import', pattern: 'import', public: false },
  { id: 'scan', pattern: 'scan', public: false },
  { id: 'formRecords', pattern: 'form/records/:patientId?/:recordId?', public: false },
  { id: 'formExternalRecords', pattern: 'form/external_records/:patientId?/:recordId?', public: false },
  { id: 'formParameters', pattern: 'form/parameters/:id?', public: false },
  { id: 'dataManagement', pattern: 'data-management', public: false },
  { id: 'uploads', pattern: 'uploads/:upload_record_id?', public: false },
  { id: 'worklists', pattern: 'worklists/:machineId?', public: false },
  { id: 'deliveries', pattern: 'deliveries/:channel?', public: false },
  { id: 'onlineReport', pattern: 'online-report', public: true },
  { id: 'ciq', pattern: 'ciq/:machineId?', public: false },
  { id: 'verifyEmail', pattern: 'verify-email/:verificationToken', public: true },
  { id: 'verifyPhoneNumber', pattern: 'verify-phone-number/:verificationToken', public: true },
  { id: 'validateRecord', pattern: 'validate-record/:recordId?', public: false },
  { id: 'invalidateRecord', pattern: 'invalidate-record/:recordId?', public: false },
  { id: 'previewRecord', pattern: 'preview-record/:recordId?', public: false },
  { id: 'table', pattern: 'table/:table_name/:task_type?', public: false },
  { id: 'resetPassword', pattern: 'reset-password/:resetToken?', public: true },
  // Billing (issue 16): the billing list by state.
  { id: 'billing', pattern: 'billing/:bill_state?', public: false },
  // Analysers (issue 41): the agents, each analyser's link, log and mapping, and what waits.
  { id: 'agents', pattern: 'agents', public: false },
  { id: 'analysers', pattern: 'analysers/:machineId?/:tab?', public: false },
  { id: 'reconciliation', pattern: 'reconciliation', public: false },
] as const satisfies readonly WebRoute[];

type PatternOf<Id extends WebRouteId> = Extract<(typeof WEB_ROUTES)[number], { id: Id }>['pattern'];
type SegmentParams<S extends string> = S extends `:${infer Name}?`
  ? { [K in Name]?: string }
  : S extends `:${infer Name}`
    ? { [K in Name]: string }
    : unknown;
type PatternParams<P extends string> = P extends `${infer Head}/${infer Rest}`
  ? SegmentParams<Head> & PatternParams<Rest>
  : SegmentParams<P>;
/** The parameters of a web route, from its pattern: a missing required one fails to compile. */
export type WebRouteParams<Id extends WebRouteId> = PatternParams<PatternOf<Id>>;

/**
 * The address of a screen of the route table, in a locale: links are built from the table, never
 * from string templates. Optional parameters are dropped from the first one missing on.
 */
export function hrefTo<Id extends WebRouteId>(
  locale: WebLocale,
  id: Id,
  // Routes whose parameters are all optional may be linked without any.
  ...[params]: object extends WebRouteParams<Id>
    ? [params?: WebRouteParams<Id>]
    : [params: WebRouteParams<Id>]
): string {
  const route = WEB_ROUTES.find((candidate) => candidate.id === id);
  if (!route) throw new Error(`no web route ${id}`);
  const values: Partial<Record<string, string>> = params ?? {};
  const segments: string[] = [];
  for (const part of splitPath(route.pattern)) {
    if (!part.startsWith(':')) {
      segments.push(part);
      continue;
    }
    const optional = part.endsWith('?');
    const value = values[part.slice(1, optional ? -1 : undefined)];
    if (value === undefined || value === '') {
      if (optional) break;
      throw new Error(`web route ${id} needs ${part}`);
    }
    segments.push(encodeURIComponent(value));
  }
  return `/${locale}/${segments.join('/')}`;
}

export interface RouteMatch {
  route: WebRoute;
  params: Record<string, string>;
}

function splitPath(path: string): string[] {
  return path.split('/').filter((segment) => segment.length > 0);
}

/** The settings pages of spec.md §2 under 'account' and 'information', each with its own title. */
export const ACCOUNT_SECTIONS = ['appearance', 'notifications'] as const;
export type AccountSection = (typeof ACCOUNT_SECTIONS)[number];
export const INFORMATION_SECTIONS = ['current-user', 'help'] as const;
export type InformationSection = (typeof INFORMATION_SECTIONS)[number];

/** The tab title of each settings page (spec.md §2 'Browser tab titles'). */
const SECTION_TITLES: Record<AccountSection | InformationSection, string> = {
  appearance: 'appearance_settings',
  notifications: 'notification_settings',
  'current-user': 'current_user',
  help: 'help_settings',
};

/** A section the route has: no section, or one of its own. */
function isSectionOf(routeId: WebRouteId, section: string | undefined): boolean {
  if (section === undefined) return true;
  const sections: readonly string[] =
    routeId === 'account' ? ACCOUNT_SECTIONS : routeId === 'information' ? INFORMATION_SECTIONS : [];
  return sections.includes(section);
}

/** Matches the part of a path after /{locale}; null when no route of the table fits. */
export function matchWebRoute(rest: string): RouteMatch | null {
  const segments = splitPath(rest);
  for (const route of WEB_ROUTES) {
    const params = matchPattern(splitPath(route.pattern), segments);
    if (!params) continue;
    // A table page exists only for the tables that have a configuration.
    if (route.id === 'table' && !isTableName(params.table_name ?? '')) continue;
    // A settings page exists only for the sections the account and information pages have.
    if ((route.id === 'account' || route.id === 'information') && !isSectionOf(route.id, params.section))
      continue;
    return { route, params };
  }
  return null;
}

function matchPattern(pattern: string[], segments: string[]): Record<string, string> | null {
  if (segments.length > pattern.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index];
    if (part.startsWith(':')) {
      const optional = part.endsWith('?');
      const name = part.slice(1, optional ? -1 : undefined);
      if (segment === undefined) {
        if (optional) continue;
        return null;
      }
      params[name] = decodeURIComponent(segment);
    } else if (segment !== part) {
      return null;
    }
  }
  return params;
}

/** First segments of the route table, used to recognise a path that only lacks its locale. */
export const ROUTE_ROOTS: readonly string[] = [
  ...new Set(WEB_ROUTES.map((route) => splitPath(route.pattern)[0]).filter((root) => root !== undefined)),
];

/**
 * What to do with an address (spec.md §2 'Routing rules'): render it, redirect, or show the error
 * page. `currentLocale` is the session's language, else the browser's.
 */
export type Resolution =
  | { kind: 'render'; locale: WebLocale; rest: string; match: RouteMatch }
  | { kind: 'redirect'; to: string }
  | { kind: 'notFound'; locale: WebLocale };

const LOCALE_LIKE = /^[a-z]{2}(-[a-z]{2})?$/i;

export function resolveLocation(pathname: string, currentLocale: WebLocale): Resolution {
  const segments = splitPath(pathname);
  const first = segments[0];
  if (first === undefined) return { kind: 'redirect', to: `/${currentLocale}/dashboard` };
  if (isWebLocale(first)) {
    const rest = segments.slice(1).join('/');
    const match = matchWebRoute(rest);
    return match ? { kind: 'render', locale: first, rest, match } : { kind: 'notFound', locale: first };
  }
  if (ROUTE_ROOTS.includes(first)) return { kind: 'redirect', to: `/${currentLocale}/${segments.join('/')}` };
  if (LOCALE_LIKE.test(first)) {
    return { kind: 'redirect', to: `/${currentLocale}/${segments.slice(1).join('/')}` };
  }
  return { kind: 'notFound', locale: currentLocale };
}

/** The first browser language the product offers, else French. */
export function pickLocale(browserLanguages: readonly string[]): WebLocale {
  for (const language of browserLanguages) {
    const base = language.toLowerCase().split('-')[0];
    if (isWebLocale(base)) return base;
  }
  return DEFAULT_WEB_LOCALE;
}

/** Where each kind of user lands: after login, and when a route is closed to them. */
export function homePath(userType: UserType): string {
  if (userType === 'prescriber') return 'table/doctors';
  if (userType === 'external') return 'table/external_records';
  return 'dashboard';
}

const PRESCRIBER_ROUTES: readonly WebRouteId[] = ['account', 'security', 'information'];
const EXTERNAL_ROUTES: readonly WebRouteId[] = [
  'account',
  'security',
  'information',
  'formExternalRecords',
  'uploads',
  'previewRecord',
  // A clinic's billing user reads its clinic's bills (the list asks for the billing right).
  'billing',
];
const EXTERNAL_TABLES: readonly string[] = ['collectors', 'collector', 'prescribers', 'external_records'];

/** spec.md §6 'Route restrictions': may this user type open this matched route? */
export function isRouteAllowed(match: RouteMatch, userType: UserType): boolean {
  if (match.route.public || userType === 'internal') return true;
  const table = match.route.id === 'table' ? match.params.table_name : undefined;
  if (userType === 'prescriber') {
    return PRESCRIBER_ROUTES.includes(match.route.id) || (table === 'doctors' && !match.params.task_type);
  }
  return EXTERNAL_ROUTES.includes(match.route.id) || (table !== undefined && EXTERNAL_TABLES.includes(table));
}

/** Null when the path after the locale may be opened, else the path to send the user to. */
export function restrictedRedirect(rest: string, userType: UserType): string | null {
  const match = matchWebRoute(rest);
  if (!match) return null;
  return isRouteAllowed(match, userType) ? null : homePath(userType);
}

/**
 * A menu entry: a page, a dropdown of pages, or one of the two actions without a route. A page shows
 * for a permission level above 0, or for a special right held (validation).
 */
export type MenuEntry =
  | { kind: 'link'; id: string; path: string; permission: AdminKey | SpecialRight | null }
  | { kind: 'group'; id: 'settings' | 'accounts' | 'other'; children: MenuEntry[] }
  | { kind: 'action'; id: 'theme' | 'logout' };

const link = (id: string, path: string, permission: AdminKey | SpecialRight | null = null): MenuEntry => ({
  kind: 'link',
  id,
  path,
  permission,
});
const THEME: MenuEntry = { kind: 'action', id: 'theme' };
const LOGOUT: MenuEntry = { kind: 'action', id: 'logout' };

/** Internal desktop menu, in the order of spec.md §2 'Navigation'. */
export const INTERNAL_MENU: readonly MenuEntry[] = [
  link('dashboard', 'dashboard'),
  link('records', 'table/records', 'admin_records'),
  link('prescribers', 'table/prescribers', 'admin_prescribers'),
  link('techniques', 'table/techniques', 'admin_samples'),
  link('validation', 'validate-record', 'validation_admin'),
  link('worklists', 'worklists', 'admin_samples'),
  link('deliveries', 'deliveries', 'admin_records'),
  link('ciq', 'ciq', 'admin_samples'),
  link('analysers', 'analysers', 'admin_samples'),
  link('reconciliation', 'reconciliation', 'admin_samples'),
  link('billing', 'billing', 'billing_user'),
  {
    kind: 'group',
    id: 'settings',
    children: [
      link('families', 'table/families', 'admin_families'),
      link('machines', 'table/machines', 'admin_machines'),
      link('agents', 'agents', 'admin_machines'),
      link('matrices', 'table/matrices', 'admin_matrices'),
      link('nabms', 'table/nabms', 'admin_nabms'),
      link('sample_types', 'table/sample_types', 'admin_sample_types'),
      link('parameters', 'table/parameters', 'admin_parameters'),
      link('analyses', 'table/analyses', 'admin_analyses'),
      link('collectors', 'table/collectors', 'admin_collectors'),
    ],
  },
  link('scan', 'scan'),
  link('import', 'import'),
  link('data_management', 'data-management'),
  link('uploads', 'uploads'),
  {
    kind: 'group',
    id: 'accounts',
    children: [
      link('account', 'account'),
      link('users', 'table/users', 'admin_access'),
      link('clinics', 'table/clinics', 'admin_clinics'),
      link('security', 'security'),
      THEME,
      link('information', 'information'),
    ],
  },
  // The two portal lists are menu items under admin_records that the main order does not place.
  {
    kind: 'group',
    id: 'other',
    children: [
      link('doctors', 'table/doctors', 'admin_records'),
      link('external_records', 'table/external_records', 'admin_records'),
    ],
  },
  LOGOUT,
];

/** External users' menu: their own portal, never filtered by the laboratory's permission levels. */
export const EXTERNAL_MENU: readonly MenuEntry[] = [
  link('external_records', 'table/external_records'),
  link('prescribers', 'table/prescribers'),
  link('collectors', 'table/collectors'),
  // Prescriptions and other laboratories' results: a clinic's medical users (decision 0012).
  link('uploads', 'uploads', 'medical_user'),
  link('billing', 'billing', 'billing_user'),
  link('account', 'account'),
  link('security', 'security'),
  link('information', 'information'),
  THEME,
  LOGOUT,
];

export const PRESCRIBER_MENU: readonly MenuEntry[] = [
  link('doctors', 'table/doctors'),
  link('account', 'account'),
  link('security', 'security'),
  link('information', 'information'),
  THEME,
  LOGOUT,
];

/**
 * The menu one user sees: an item shows when its permission is above 0 or it has none; a dropdown
 * shows when one of its items does.
 */
export function menuFor(rights: Rights): MenuEntry[] {
  const source =
    rights.user_type === 'prescriber'
      ? PRESCRIBER_MENU
      : rights.user_type === 'external'
        ? EXTERNAL_MENU
        : INTERNAL_MENU;
  return filterMenu(source, rights);
}

function filterMenu(entries: readonly MenuEntry[], rights: Rights): MenuEntry[] {
  const kept: MenuEntry[] = [];
  for (const entry of entries) {
    if (entry.kind === 'link') {
      if (entry.permission === null || Number(rights[entry.permission]) > 0) kept.push(entry);
    } else if (entry.kind === 'group') {
      const children = filterMenu(entry.children, rights);
      if (children.some((child) => child.kind === 'link')) kept.push({ ...entry, children });
    } else {
      kept.push(entry);
    }
  }
  return kept;
}

/** The mobile burger menu: the same items without dropdowns. */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => (entry.kind === 'group' ? flattenMenu(entry.children) : [entry]));
}

/** Key of the browser tab title (spec.md §2 'Browser tab titles') for a matched route. */
export function titleKey(match: RouteMatch | null): string {
  if (!match) return 'error';
  const { id } = match.route;
  if (id === 'table') {
    const table = match.params.table_name ?? '';
    if (table === 'doctors') return 'prescriber_portal';
    if (table === 'external_records') return 'external_portal';
    if (table === 'collector') return 'collectors';
    return table;
  }
  const section = match.params.section;
  if ((id === 'account' || id === 'information') && section !== undefined)
    return SECTION_TITLES[section as keyof typeof SECTION_TITLES] ?? 'error';
  const byRoute: Record<WebRouteId, string> = {
    login: 'login',
    dashboard: 'dashboard',
    patient: 'patients',
    account: 'account_settings',
    security: 'security_settings',
    information: 'information_settings',
    import: 'import',
    scan: 'scanner',
    formRecords: 'add_record',
    formExternalRecords: 'add_record',
    formParameters: 'parameters',
    dataManagement: 'data_management',
    uploads: 'uploads',
    worklists: 'worklists',
    deliveries: 'deliveries',
    onlineReport: 'online_report',
    ciq: 'ciq',
    verifyEmail: 'verification',
    verifyPhoneNumber: 'verification',
    validateRecord: 'preview_record',
    invalidateRecord: 'preview_record',
    previewRecord: 'preview_record',
    table: 'error',
    resetPassword: 'reset_password',
    billing: 'billing',
    agents: 'agents',
    analysers: 'analysers',
    reconciliation: 'reconciliation',
  };
  return byRoute[id];
}
