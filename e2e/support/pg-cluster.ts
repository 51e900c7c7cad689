import { execFile } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);
/** Debian's PostgreSQL 15 binaries, as CI and the development machines have them. */
const BIN = '/usr/lib/postgresql/15/bin';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/**
 * A PostgreSQL cluster of its own, in a temp folder on a free port, so a drill may stop,
 * kill or restart it without touching the machine's server. `initdb` refuses root, so as
 * root (CI) the binaries run as the `postgres` user, who owns the folder.
 */
export async function startPgCluster() {
  const dir = mkdtempSync(join(tmpdir(), 'amora-pg-'));
  const data = join(dir, 'data');
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(BIN, program), ...args])
      : run(join(BIN, program), args);
  await pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c full_page_writes=off',
    '-c max_connections=100',
  ].join(' ');
  const start = () =>
    pg('pg_ctl', ['-D', data, '-o', options, '-l', join(dir, 'log'), '-w', 'start']);
  await start();
  return {
    port,
    /** The cluster's own `postgres` database, for `DATABASE_URL`. */
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** The server's log (to show when a drill fails). */
    logFile: join(dir, 'log'),
    start,
    /** A fast shutdown: open connections are cut, as a restart by the operator does. */
    stop: () => pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']),
    /** The server as a crash leaves it: every process killed, recovery at the next start. */
    crash: () => pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']),
    async destroy() {
      await pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => {});
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export type PgCluster = Awaited<ReturnType<typeof startPgCluster>>;
