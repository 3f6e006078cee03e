import type { Rights, WebLocale } from '@sil/contract';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach } from 'vitest';
import { loadScreenTexts } from '../app/screen-texts';
import { loadLanguage, setLanguage } from '../lib/i18n';
import { saveRights, saveTokens } from '../lib/session';
import { stubBrowserApis } from './dom';
import { type RequestStub, stubRequests } from './requests';

/** The signed-in user a screen is shown to. */
export interface ScreenUser {
  /** The language of the screen: the one the user chose (stored) and the one shown. */
  locale: WebLocale;
  /** The user's rights, as the token check gives them; none stored when absent. */
  rights?: Rights;
  /** The uid the calls carry. */
  uid?: string;
  /** False for a visitor: no tokens stored (the test signs in itself where it needs to). */
  signedIn?: boolean;
}

const UID = '6f1c1f5e-8a2b-4c3d-9e4f-0a1b2c3d4e5f';

/** Stores the tokens of a signed-in user, as the login does. */
export function signIn(uid: string = UID): void {
  saveTokens({ access_token: 'a', refresh_token: 'r', uid }, '1767225600000abcdef');
}

/**
 * Call once at the top of a component test file, instead of `stubRequests()`: the browser APIs
 * Mantine measures with, the screens' texts, and before each test a signed-in user in a clean
 * storage with the screen in their language; requests are stubbed (`stubRequests`: any request the
 * test does not answer fails it) and what was rendered is unmounted after each test. A test's own
 * `beforeEach` runs after this one, so it may add answers and stored items.
 */
export function setUpScreenTests(user: ScreenUser): RequestStub {
  const requests = stubRequests();
  beforeAll(async () => {
    stubBrowserApis();
    await Promise.all([loadScreenTexts(), loadLanguage(user.locale)]);
  });
  beforeEach(() => {
    localStorage.clear();
    localStorage.setItem('locale', user.locale);
    setLanguage(user.locale);
    if (user.signedIn !== false) signIn(user.uid ?? UID);
    if (user.rights) saveRights(user.rights);
  });
  afterEach(cleanup);
  return requests;
}
