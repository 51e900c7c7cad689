import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Changes site settings as an admin does in the staff console: the whole settings read,
 * the named ones changed, all saved back. `admin` is a page logged in as an admin.
 */
export async function saveSiteSettings(
  admin: Page,
  baseUrl: string,
  changes: Record<string, unknown>,
): Promise<void> {
  const url = `${baseUrl}/api/admin/settings.php`;
  const site = await (await admin.request.get(url)).json();
  const res = await admin.request.put(url, {
    data: { ...site, settings: { ...site.settings, ...changes } },
    headers: { 'X-App-Package': 'web' },
  });
  expect(res.status(), await res.text()).toBe(200);
}
