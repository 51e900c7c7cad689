import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../test/factories.js';
import { createTestDb, type TestDb } from '../test/test-db.js';
import { restoreSnapshot, takeSnapshot } from './snapshot.js';

let t: TestDb;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(() => t.destroy());

const memberIds = async () =>
  (await t.db.selectFrom('members').select('id').orderBy('id').execute()).map((r) => r.id);

describe('the data snapshot (TEST_DATA_RESET)', () => {
  it('puts rows, references between them and sequences back as they were', async () => {
    const anna = await createMember(t.db, { name: 'Anna' });
    const bram = await createMember(t.db, { name: 'Bram' });
    await t.db.insertInto('likes').values({ liker_id: anna.id, liked_id: bram.id }).execute();
    await takeSnapshot(t.db);

    // A later test changes, deletes and adds, across tables that refer to each other.
    await t.db
      .updateTable('profiles')
      .set({ name: 'Changed' })
      .where('member_id', '=', anna.id)
      .execute();
    await t.db.deleteFrom('likes').execute();
    await t.db.deleteFrom('profiles').where('member_id', '=', bram.id).execute();
    await t.db.deleteFrom('members').where('id', '=', bram.id).execute();
    const carla = await createMember(t.db, { name: 'Carla' });
    await t.db.insertInto('likes').values({ liker_id: carla.id, liked_id: anna.id }).execute();

    await restoreSnapshot(t.db);
    expect(await memberIds()).toEqual([anna.id, bram.id]);
    const names = await t.db.selectFrom('profiles').select('name').orderBy('member_id').execute();
    expect(names.map((r) => r.name)).toEqual(['Anna', 'Bram']);
    const likes = await t.db.selectFrom('likes').select(['liker_id', 'liked_id']).execute();
    expect(likes).toEqual([{ liker_id: anna.id, liked_id: bram.id }]);
    // The next member gets the id Carla had: the sequence went back too.
    expect((await createMember(t.db)).id).toBe(carla.id);

    // Restoring again starts from the same snapshot, not from the last restore.
    await restoreSnapshot(t.db);
    expect(await memberIds()).toEqual([anna.id, bram.id]);
  });
});
