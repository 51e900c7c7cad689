import type { AdminSite } from '@amora/shared/schemas/site-admin';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../../db/schema.js';
import { AppError } from '../../lib/errors.js';
import { loadStoredSettings, readCompanyInfo, SETTINGS_CHANNEL } from '../site/site.repository.js';
import { appendAudit } from './audit-log.repository.js';
import type { StaffActor } from './member-actions.service.js';

const SITE_KEY = 'site';

/** `GET /api/admin/settings.php`: what an admin may change, with the version it has now. */
export async function readSiteForStaff(db: Kysely<Database>): Promise<AdminSite> {
  const [stored, company, row] = await Promise.all([
    // Not the cache: an admin edits what is stored now.
    loadStoredSettings(db),
    readCompanyInfo(db),
    db.selectFrom('settings').select('version').where('key', '=', SITE_KEY).executeTakeFirst(),
  ]);
  return {
    version: row?.version ?? 1,
    settings: {
      name: stored.name,
      domain_language: stored.domain_language as AdminSite['settings']['domain_language'],
      region_data: stored.region_data,
      countries: stored.countries,
      signups: stored.signups as AdminSite['settings']['signups'],
      logged_out_search: stored.logged_out_search as AdminSite['settings']['logged_out_search'],
      logged_out_search_trafficsource:
        stored.logged_out_search_trafficsource as AdminSite['settings']['logged_out_search'],
      minimum_message_costs: stored.minimum_message_costs,
      cdn_prefix: stored.cdn_prefix,
      visible_profile_fields: [...stored.visible_profile_fields],
      visible_profile_notes: [
        ...stored.visible_profile_notes,
      ] as AdminSite['settings']['visible_profile_notes'],
      search_fields: [...stored.search_fields],
      member_resell: [...stored.member_resell],
      fictional_icon: stored.fictional_icon as AdminSite['settings']['fictional_icon'],
      uncacheable_locales: [...stored.uncacheable_locales],
    },
    company: {
      ...company,
      country: company.country as AdminSite['company']['country'],
      tradenames: [...company.tradenames],
      vat_numbers: [...company.vat_numbers],
    },
  };
}

/** The top-level keys whose value differs: what the audit entry names. */
function changedKeys(before: object, after: object): string[] {
  const a = before as Record<string, unknown>;
  const b = after as Record<string, unknown>;
  return Object.keys(b).filter((key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]));
}

/**
 * `PUT /api/admin/settings.php`: stores both in one transaction when `version` is still the
 * stored one (else 409 `settings_changed`), raises it, writes the audit log, and NOTIFYs
 * every instance at commit.
 */
export async function saveSite(
  db: Kysely<Database>,
  actor: StaffActor,
  body: AdminSite,
): Promise<{ version: number }> {
  const before = await readSiteForStaff(db);
  return db.transaction().execute(async (trx) => {
    const stored = await trx
      .selectFrom('settings')
      .select('value')
      .where('key', '=', SITE_KEY)
      .executeTakeFirst();
    const saved = await trx
      .updateTable('settings')
      .set({
        // Keys the console does not edit stay as they are.
        value: JSON.stringify({ ...((stored?.value as object) ?? {}), ...body.settings }),
        version: sql<number>`version + 1`,
      })
      .where('key', '=', SITE_KEY)
      .where('version', '=', body.version)
      .returning('version')
      .executeTakeFirst();
    if (!saved) {
      throw new AppError(409, 'settings_changed', 'The settings were saved by someone else since');
    }
    const { company } = body;
    await trx
      .updateTable('company_info')
      .set({
        ...company,
        tradenames: JSON.stringify(company.tradenames),
        vat_numbers: JSON.stringify(company.vat_numbers),
      })
      .where('id', '=', 1)
      .execute();
    const settingsChanged = changedKeys(before.settings, body.settings);
    const companyChanged = changedKeys(before.company, company);
    if (settingsChanged.length > 0) {
      await appendAudit(trx, {
        staffId: actor.staffId,
        action: 'settings.update',
        subjectId: null,
        reason: settingsChanged.join(', '),
      });
    }
    if (companyChanged.length > 0) {
      await appendAudit(trx, {
        staffId: actor.staffId,
        action: 'company.update',
        subjectId: null,
        reason: companyChanged.join(', '),
      });
    }
    await sql`select pg_notify(${SETTINGS_CHANNEL}, ${String(saved.version)})`.execute(trx);
    return { version: saved.version };
  });
}
