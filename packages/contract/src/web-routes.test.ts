import { describe, expect, it } from 'vitest';
import { ADMIN_KEYS, emptyRights, type Rights } from './permissions.js';
import {
  flattenMenu,
  homePath,
  hrefTo,
  type MenuEntry,
  matchWebRoute,
  menuFor,
  pickLocale,
  resolveLocation,
  restrictedRedirect,
  titleKey,
} from './web-routes.js';

function ids(entries: MenuEntry[]): string[] {
  return entries.map((entry) =>
    entry.kind === 'group' ? `${entry.id}[${ids(entry.children).join(',')}]` : entry.id,
  );
}

function allRights(): Rights {
  const rights = emptyRights('internal');
  for (const key of ADMIN_KEYS) rights[key] = 3;
  rights.validation_admin = true;
  rights.billing_user = true;
  return rights;
}

describe('matchWebRoute', () => {
  it('matches required and optional parameters', () => {
    expect(matchWebRoute('')?.route.id).toBe('login');
    expect(matchWebRoute('form/records/p1/r2')?.params).toEqual({ patientId: 'p1', recordId: 'r2' });
    expect(matchWebRoute('form/records')?.route.id).toBe('formRecords');
    expect(matchWebRoute('verify-email')).toBeNull();
    expect(matchWebRoute('verify-email/abc')?.params).toEqual({ verificationToken: 'abc' });
    expect(matchWebRoute('dashboard/extra')).toBeNull();
  });

  it('knows only configured tables', () => {
    expect(matchWebRoute('table/analyses')?.route.id).toBe('table');
    expect(matchWebRoute('table/tasks/to_fax')?.params).toEqual({ table_name: 'tasks', task_type: 'to_fax' });
    expect(matchWebRoute('table/unknown')).toBeNull();
  });
});

describe('resolveLocation', () => {
  it('sends the root to the dashboard', () => {
    expect(resolveLocation('/', 'en')).toEqual({ kind: 'redirect', to: '/en/dashboard' });
  });

  it('renders a known route under a known locale', () => {
    const resolution = resolveLocation('/en/table/records', 'fr');
    expect(resolution.kind === 'render' && resolution.locale).toBe('en');
  });

  it('prefixes the locale when the first segment is a route', () => {
    expect(resolveLocation('/dashboard', 'fr')).toEqual({ kind: 'redirect', to: '/fr/dashboard' });
    expect(resolveLocation('/reset-password/tok', 'en')).toEqual({
      kind: 'redirect',
      to: '/en/reset-password/tok',
    });
  });

  it('replaces an unknown locale by the current one', () => {
    expect(resolveLocation('/de/dashboard', 'en')).toEqual({ kind: 'redirect', to: '/en/dashboard' });
    expect(resolveLocation('/es', 'fr')).toEqual({ kind: 'redirect', to: '/fr/' });
  });

  it('shows the error page for any other unknown path', () => {
    expect(resolveLocation('/nowhere/at-all', 'fr')).toEqual({ kind: 'notFound', locale: 'fr' });
    expect(resolveLocation('/en/nowhere', 'fr')).toEqual({ kind: 'notFound', locale: 'en' });
  });
});

describe('pickLocale', () => {
  it('takes the first available browser language, else French', () => {
    expect(pickLocale(['de-DE', 'en-GB', 'fr'])).toBe('en');
    expect(pickLocale(['fr-CA'])).toBe('fr');
    expect(pickLocale(['de', 'it'])).toBe('fr');
    expect(pickLocale([])).toBe('fr');
  });
});

describe('route restrictions', () => {
  it('lets internal users open everything', () => {
    expect(restrictedRedirect('table/users', 'internal')).toBeNull();
  });

  it('confines prescribers to their portal and settings', () => {
    for (const path of ['account', 'security', 'information', 'table/doctors']) {
      expect(restrictedRedirect(path, 'prescriber')).toBeNull();
    }
    for (const path of ['dashboard', 'table/records', 'uploads', 'table/external_records', 'scan']) {
      expect(restrictedRedirect(path, 'prescriber')).toBe('table/doctors');
    }
    expect(homePath('prescriber')).toBe('table/doctors');
  });

  it('confines external users to their portal', () => {
    const allowed = [
      'account',
      'security',
      'information',
      'form/external_records',
      'uploads/u1',
      'preview-record/r1',
      'table/collectors',
      'table/collector',
      'table/prescribers',
      'table/external_records',
    ];
    for (const path of allowed) expect(restrictedRedirect(path, 'external')).toBeNull();
    for (const path of ['dashboard', 'table/records', 'table/doctors', 'form/records', 'validate-record']) {
      expect(restrictedRedirect(path, 'external')).toBe('table/external_records');
    }
  });
});

describe('menuFor', () => {
  it('gives an administrator the whole internal menu in order', () => {
    expect(ids(menuFor(allRights()))).toEqual([
      'dashboard',
      'records',
      'prescribers',
      'techniques',
      'validation',
      'worklists',
      'deliveries',
      'ciq',
      'analysers',
      'reconciliation',
      'billing',
      'settings[families,machines,agents,matrices,nabms,sample_types,parameters,analyses,collectors]',
      'scan',
      'import',
      'data_management',
      'uploads',
      'accounts[account,users,clinics,security,theme,information]',
      'other[doctors,external_records]',
      'logout',
    ]);
  });

  it('hides items at permission 0 and empty dropdowns', () => {
    const rights = emptyRights('internal');
    rights.admin_families = 1;
    expect(ids(menuFor(rights))).toEqual([
      'dashboard',
      'settings[families]',
      'scan',
      'import',
      'data_management',
      'uploads',
      'accounts[account,security,theme,information]',
      'logout',
    ]);
  });

  it('gives external users and prescribers their own menus', () => {
    expect(ids(menuFor({ ...emptyRights('external'), medical_user: true }))).toEqual([
      'external_records',
      'prescribers',
      'collectors',
      'uploads',
      'account',
      'security',
      'information',
      'theme',
      'logout',
    ]);
    // A clinic's billing user: its bills, no attached files (medical secrecy, decision 0012).
    expect(ids(menuFor({ ...emptyRights('external'), billing_user: true }))).toEqual([
      'external_records',
      'prescribers',
      'collectors',
      'billing',
      'account',
      'security',
      'information',
      'theme',
      'logout',
    ]);
    expect(ids(menuFor(emptyRights('prescriber')))).toEqual([
      'doctors',
      'account',
      'security',
      'information',
      'theme',
      'logout',
    ]);
  });

  it('shows validation to users with the validation right only', () => {
    const rights = allRights();
    rights.validation_admin = false;
    expect(ids(menuFor(rights))).not.toContain('validation');
  });

  it('flattens dropdowns for the mobile menu', () => {
    const flat = ids(flattenMenu(menuFor(allRights())));
    expect(flat).toContain('families');
    expect(flat.some((id) => id.includes('['))).toBe(false);
  });
});

describe('titleKey', () => {
  it('names tables and portals', () => {
    expect(titleKey(matchWebRoute('table/techniques'))).toBe('techniques');
    expect(titleKey(matchWebRoute('table/doctors'))).toBe('prescriber_portal');
    expect(titleKey(matchWebRoute('account'))).toBe('account_settings');
    expect(titleKey(matchWebRoute('information'))).toBe('information_settings');
    expect(titleKey(null)).toBe('error');
    expect(titleKey(matchWebRoute('analysers/m1/mappings'))).toBe('analysers');
    expect(matchWebRoute('analysers/m1/mappings')?.params).toEqual({ machineId: 'm1', tab: 'mappings' });
  });
});

describe('the settings pages of spec.md §2', () => {
  it('give appearance, notifications, the current user and help their own page and tab title', () => {
    expect(titleKey(matchWebRoute('account/appearance'))).toBe('appearance_settings');
    expect(titleKey(matchWebRoute('account/notifications'))).toBe('notification_settings');
    expect(titleKey(matchWebRoute('information/current-user'))).toBe('current_user');
    expect(titleKey(matchWebRoute('information/help'))).toBe('help_settings');
    expect(hrefTo('en', 'account', { section: 'appearance' })).toBe('/en/account/appearance');
    expect(hrefTo('fr', 'information', { section: 'help' })).toBe('/fr/information/help');
  });

  it('know no other section, and open to prescribers and clinic users as their pages do', () => {
    expect(matchWebRoute('account/help')).toBeNull();
    expect(matchWebRoute('information/appearance')).toBeNull();
    expect(matchWebRoute('account/appearance/more')).toBeNull();
    for (const path of [
      'account/appearance',
      'account/notifications',
      'information/help',
      'information/current-user',
    ]) {
      expect(restrictedRedirect(path, 'prescriber')).toBeNull();
      expect(restrictedRedirect(path, 'external')).toBeNull();
    }
  });
});

describe('links from the route table', () => {
  it('fills the parameters of a route, in the locale asked', () => {
    expect(hrefTo('fr', 'previewRecord', { recordId: 'r1' })).toBe('/fr/preview-record/r1');
    expect(hrefTo('en', 'table', { table_name: 'records' })).toBe('/en/table/records');
    expect(hrefTo('fr', 'formRecords', { patientId: 'p1', recordId: 'r1' })).toBe('/fr/form/records/p1/r1');
    expect(hrefTo('fr', 'dashboard')).toBe('/fr/dashboard');
    expect(hrefTo('fr', 'login')).toBe('/fr/');
  });

  it('drops optional parameters from the first one missing, and escapes values', () => {
    expect(hrefTo('fr', 'formRecords', {})).toBe('/fr/form/records');
    expect(hrefTo('fr', 'formParameters', { id: 'a/b c' })).toBe('/fr/form/parameters/a%2Fb%20c');
    expect(hrefTo('fr', 'uploads', { upload_record_id: '' })).toBe('/fr/uploads');
  });

  it('refuses a route without its required parameter, at compile time and at run time', () => {
    // @ts-expect-error the table's name is required
    expect(() => hrefTo('fr', 'table')).toThrow(/needs :table_name/);
  });

  it('builds addresses the route table matches back to the same route and parameters', () => {
    const href = hrefTo('en', 'verifyEmail', { verificationToken: 'tok' });
    const match = matchWebRoute(href.replace(/^\/en\//, ''));
    expect(match?.route.id).toBe('verifyEmail');
    expect(match?.params).toEqual({ verificationToken: 'tok' });
  });
});
