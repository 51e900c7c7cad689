import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const serverEntry = fileURLToPath(new URL('../../apps/server/dist/server.js', import.meta.url));

export interface RunningServer {
  url: string;
  output: () => string;
  /** Sends SIGTERM and resolves with the exit code. */
  stop: () => Promise<number | null>;
  process: ChildProcess;
}

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
 * The environment of a child process: this one's, without the `MODE=test` Vitest sets for
 * itself (the server's MODE means demo or production), plus `extra`.
 */
export function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { MODE: _vitestMode, ...inherited } = process.env;
  return { ...inherited, ...extra };
}

/**
 * Starts the built server as `npm start` would run it, and waits until it answers. With
 * `ipc`, the server gets an IPC channel to this process (for TEST_DATA_RESET=ipc).
 */
export async function startServer(
  env: Record<string, string>,
  { ipc = false }: { ipc?: boolean } = {},
): Promise<RunningServer> {
  // A fixed PORT in `env` (a restart in place), else a free one.
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const child = spawn(process.execPath, [serverEntry], {
    // HOST may be 0.0.0.0 (production by default); the test reaches it on loopback all the same.
    env: childEnv({ LOG_LEVEL: 'info', HOST: '127.0.0.1', ...env, PORT: String(port) }),
    stdio: ['ignore', 'pipe', 'pipe', ...(ipc ? (['ipc'] as const) : [])],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {}
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    output: () => output,
    process: child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill('SIGTERM');
      }),
  };
}
