import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { unzipSync } from 'fflate';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../modules/credits/credit-ledger.repository.js';
import { pruneExports } from '../../modules/privacy/data-export.service.js';
import { multipart } from '../../test/multipart.js';
import { Client, createTestApp, logInNewMember, type TestApp } from '../../test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<typeof logInNewMember>>;

const ask = (m: Member) => m.client.call({ method: 'POST', url: '/api/export.php' });
const state = async (m: Member) =>
  (await m.client.call({ method: 'GET', url: '/api/export.php' })).json().export;

async function prepare() {
  const worker = t.startWorker({ pollIntervalMs: 60_000, digestEveryMs: 0 });
  await worker.runOnce();
  await worker.stop();
}

describe('download my data', () => {
  it('answers 403 to a visitor', async () => {
    const visitor = new Client(t.app);
    expect((await visitor.call({ method: 'POST', url: '/api/export.php' })).statusCode).toBe(403);
    expect((await visitor.call({ method: 'GET', url: '/api/export.php' })).statusCode).toBe(403);
  });

  it('prepares a ZIP of everything stored, downloadable once with the session and token', async () => {
    const me = await logInNewMember(t, { name: 'Exporta', notes: { personal: 'I love maps' } });
    await changeCredits(t.db, { memberId: me.id, amount: 5, reason: 'opening' });
    const image = await sharp({
      create: { width: 300, height: 375, channels: 3, background: '#aa5500' },
    })
      .jpeg()
      .toBuffer();
    await me.client.call({
      method: 'POST',
      url: '/api/profileimage.php',
      ...multipart([{ filename: 'me.jpg', contentType: 'image/jpeg', data: image }]),
    });
    const friend = await logInNewMember(t);
    await me.client.call({
      method: 'POST',
      url: '/api/likes.php',
      payload: { profile: friend.id },
    });
    const conversation = (
      await me.client.call({ method: 'GET', url: `/api/chat.php?profile=${friend.id}` })
    ).json().id as number;
    await me.client.call({
      method: 'POST',
      url: '/api/messages.php',
      payload: { conversation, text: 'My words to export' },
    });

    expect(await state(me)).toBeNull();
    const asked = await ask(me);
    expect(asked.statusCode).toBe(200);
    expect(asked.json().export).toMatchObject({
      status: 'pending',
      progress: 0,
      download_url: null,
    });
    const again = await ask(me);
    expect(again.statusCode).toBe(429);
    expect(again.json().error.code).toBe('export_limit');
    expect(new Date(again.json().error.retry_at).getTime()).toBeGreaterThan(
      Date.now() + 23 * 3_600_000,
    );

    await prepare();
    const ready = await state(me);
    expect(ready).toMatchObject({ status: 'ready', progress: 100 });
    expect(ready.download_url).toMatch(/^\/api\/export\.php\?download=/);

    // Another member's session cannot use the link.
    const stranger = await logInNewMember(t);
    expect(
      (await stranger.client.call({ method: 'GET', url: ready.download_url })).statusCode,
    ).toBe(404);
    const download = await me.client.call({ method: 'GET', url: ready.download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['content-disposition']).toMatch(/^attachment; filename="amora-data-/);
    const files = unzipSync(new Uint8Array(download.rawPayload));
    const data = JSON.parse(new TextDecoder().decode(files['data.json']));

    const member = await t.db
      .selectFrom('members')
      .select(['email', 'credits'])
      .where('id', '=', me.id)
      .executeTakeFirstOrThrow();
    expect(data.account).toMatchObject({ id: me.id, email: member.email, credits: member.credits });
    expect(data.account.password_hash).toBeUndefined();
    expect(data.profile).toMatchObject({ name: 'Exporta', notes: { personal: 'I love maps' } });
    expect(data.likes.given).toEqual([expect.objectContaining({ member: friend.id })]);
    expect(data.messages_written.map((m: { text: string }) => m.text)).toEqual([
      'My words to export',
    ]);
    expect(data.credit_ledger.length).toBeGreaterThan(0);
    expect(data.sessions.length).toBeGreaterThan(0);
    const [photo] = data.photos as { filename: string }[];
    expect(
      Buffer.compare(
        Buffer.from(files[`photos/${photo!.filename}`]!),
        readFileSync(join(t.app.config.uploadsDir, photo!.filename)),
      ),
    ).toBe(0);

    // Once only; the file is gone.
    expect((await me.client.call({ method: 'GET', url: ready.download_url })).statusCode).toBe(404);
    expect((await state(me)).status).toBe('downloaded');
    const left = existsSync(t.app.config.exportsDir) ? readdirSync(t.app.config.exportsDir) : [];
    expect(left.filter((f) => f.startsWith(ready.id))).toEqual([]);
  });

  it('deletes a file nobody downloaded within its day', async () => {
    const me = await logInNewMember(t);
    await ask(me);
    await prepare();
    const { id, download_url } = await state(me);
    const file = join(t.app.config.exportsDir, `${id}.zip`);
    expect(existsSync(file)).toBe(true);
    await t.db
      .updateTable('data_exports')
      .set({ expires_at: sql`now() - interval '1 minute'` })
      .where('id', '=', id)
      .execute();
    await pruneExports(t.db, t.app.media.exports);
    expect(existsSync(file)).toBe(false);
    expect((await me.client.call({ method: 'GET', url: download_url })).statusCode).toBe(404);
  });
});
