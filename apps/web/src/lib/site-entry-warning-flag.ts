import { readValue, removeValue, storeValue } from './storage';

/**
 * The flag of spec section 3: a visitor who left a signup-embedded page for the rest of the
 * site without signing up, and chose to go on, is not warned again. Kept through the storage
 * helper (a cookie and local storage); the developer panel deletes it.
 */
const KEY = 'amora.skippedSiteEntryWarning';

export const hasSkippedSiteEntryWarning = () => readValue(KEY) === '1';
export const skipSiteEntryWarning = () => storeValue(KEY, '1');
export const clearSkippedSiteEntryWarning = () => removeValue(KEY);
