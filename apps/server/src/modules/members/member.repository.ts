import { canonicalEmail } from '@amora/shared/rules/canonical-email';
import type { MemberSettings } from '@amora/shared/schemas/member-settings';
import { type Insertable, type Kysely, sql, type Transaction } from 'kysely';
import type {
  Database,
  ImagesTable,
  Member,
  MembersTable,
  ProfilesTable,
} from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A member to create: the account, the profile and, if they have one, a first photo. */
export interface NewMember {
  account: Omit<Insertable<MembersTable>, 'email' | 'email_canonical' | 'tracking'> & {
    email: string;
    tracking?: Record<string, string>;
  };
  profile: Omit<Insertable<ProfilesTable>, 'member_id' | 'notes' | 'fields' | 'interests'> & {
    notes?: Record<string, string>;
    fields?: Record<string, string>;
    interests?: readonly string[];
  };
  /** Their first photo, which becomes the main one. */
  photo?: Omit<Insertable<ImagesTable>, 'member_id' | 'position'>;
}

/**
 * Creates members: every `members` row with its `profiles` row (and first photo), through
 * the caller's transaction, three statements however many. Signup, the seed, the demo
 * logins and the test factories all create members here, so a new column's default is
 * stated once. An address that is taken already (another instance created the demo login
 * at the same moment) is skipped: its place in the answer is null.
 */
export async function createMembers(
  db: Db,
  members: readonly NewMember[],
): Promise<(number | null)[]> {
  if (members.length === 0) return [];
  const inserted = await db
    .insertInto('members')
    .values(
      members.map(({ account }) => ({
        ...account,
        email_canonical: canonicalEmail(account.email),
        tracking: JSON.stringify(account.tracking ?? {}),
      })),
    )
    .onConflict((oc) => oc.column('email').doNothing())
    .returning(['id', 'email'])
    .execute();
  const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
  const ids = members.map((m) => idByEmail.get(m.account.email) ?? null);
  const created = members.flatMap((m, i) => (ids[i] === null ? [] : [{ ...m, id: ids[i]! }]));
  const withPhoto = created.filter((m) => m.photo);
  const photos =
    withPhoto.length === 0
      ? []
      : await db
          .insertInto('images')
          .values(withPhoto.map((m) => ({ ...m.photo!, member_id: m.id, position: 0 })))
          .returning(['id', 'member_id'])
          .execute();
  const photoOf = new Map(photos.map((row) => [row.member_id, row.id]));
  if (created.length > 0) {
    await db
      .insertInto('profiles')
      .values(
        created.map(({ id, profile }) => ({
          ...profile,
          member_id: id,
          main_image_id: photoOf.get(id) ?? null,
          notes: JSON.stringify(profile.notes ?? {}),
          fields: JSON.stringify(profile.fields ?? {}),
          interests: JSON.stringify(profile.interests ?? []),
        })),
      )
      .execute();
  }
  return ids;
}

/** One member (see `createMembers`); null when the address is taken already. */
export async function createMember(db: Db, member: NewMember): Promise<number | null> {
  const [id] = await createMembers(db, [member]);
  return id ?? null;
}

export async function findMemberByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findMemberById(
  db: Kysely<Database>,
  id: number,
): Promise<Member | undefined> {
  return db.selectFrom('members').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Marks the member as active now, at most once a minute (it orders search results). */
export async function touchLastActive(db: Kysely<Database>, id: number): Promise<void> {
  await db
    .updateTable('members')
    .set({ last_active_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where('last_active_at', '<', sql<Date>`now() - interval '1 minute'`)
    .execute();
}

/** The member's own choices (`PUT /api/user.php { settings }`). */
export async function saveMemberSettings(
  db: Kysely<Database>,
  id: number,
  settings: Partial<MemberSettings>,
): Promise<void> {
  await db
    .updateTable('members')
    .set({
      ...(settings.show_flagged_photos !== undefined && {
        show_flagged_photos: settings.show_flagged_photos,
      }),
      ...(settings.verified_contact_only !== undefined && {
        verified_contact_only: settings.verified_contact_only,
      }),
    })
    .where('id', '=', id)
    .execute();
}

/** What a mail to a member needs: where it goes, whom it greets, in which language. */
export interface MailableMember {
  id: number;
  email: string;
  name: string;
  language: string;
}

function activeMembers(db: Kysely<Database>) {
  return db
    .selectFrom('members')
    .innerJoin('profiles', 'profiles.member_id', 'members.id')
    .select(['members.id', 'members.email', 'profiles.name', 'profiles.language'])
    .where('members.status', '=', 'active')
    .where('members.email', 'is not', null);
}

/** The member who may log in with this address; deleted and banned accounts are not found. */
export async function findActiveMemberByEmail(
  db: Kysely<Database>,
  email: string,
): Promise<MailableMember | undefined> {
  const row = await activeMembers(db).where('members.email', '=', email).executeTakeFirst();
  return row && { ...row, email: row.email! };
}

export async function findActiveMemberById(
  db: Kysely<Database>,
  id: number,
): Promise<MailableMember | undefined> {
  const row = await activeMembers(db).where('members.id', '=', id).executeTakeFirst();
  return row && { ...row, email: row.email! };
}
