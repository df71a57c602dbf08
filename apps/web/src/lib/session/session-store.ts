import { STORAGE_KEYS } from '@vigil/shared';
import { storedValue } from '../stored-value.ts';

/** The session token (spec 1 §4): setting it signs in, clearing it signs out. */
export const tokenStore = storedValue(STORAGE_KEYS.token);

/**
 * The super-admin's own session while they impersonate someone: only it can end the impersonation,
 * and the app returns to it when the impersonation ends or lapses.
 */
export const impersonatorTokenStore = storedValue(STORAGE_KEYS.impersonatorToken);

/** The company the manager works in; calls carry it as `x-company-id`. */
export const companyIdStore = storedValue(STORAGE_KEYS.companyId);

/** The interface language chosen by the manager. */
export const languageStore = storedValue(STORAGE_KEYS.language);
