import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';

/** The access key s3rver accepts (any other is refused as S3 refuses it: InvalidAccessKeyId). */
export const S3_STAND_IN_KEY = 'S3RVER';

/**
 * An S3-compatible server on 127.0.0.1 (s3rver speaks the S3 REST protocol), for the real
 * `@aws-sdk/client-s3` to talk to. `env(bucket)` is the configuration an app instance needs
 * for it; the buckets named at start exist, any other answers NoSuchBucket.
 */
export async function startS3StandIn(buckets: string[] = ['amora-media']) {
  const directory = mkdtempSync(join(tmpdir(), 'amora-s3-'));
  const serve = (port: number) =>
    new S3rver({
      address: '127.0.0.1',
      port,
      silent: true,
      directory,
      configureBuckets: buckets.map((name) => ({ name, configs: [] })),
    });
  let server: S3rver | null = serve(0);
  const { port } = await server.run();
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    /** Where s3rver keeps the objects (to look at them, or to break them). */
    directory,
    env(bucket = buckets[0]!): Record<string, string> {
      return {
        MEDIA_STORE: 's3',
        S3_BUCKET: bucket,
        S3_ENDPOINT: url,
        S3_ACCESS_KEY_ID: S3_STAND_IN_KEY,
        S3_SECRET_ACCESS_KEY: S3_STAND_IN_KEY,
        S3_FORCE_PATH_STYLE: 'true',
      };
    },
    /** Stops answering (connections are refused) and keeps the objects, until `restart()`. */
    async stop() {
      await server?.close();
      server = null;
    },
    /** Answers again, on the same address, with the objects it held. */
    async restart() {
      if (server) return;
      server = serve(port);
      await server.run();
    },
    async close() {
      await server?.close();
      server = null;
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
