import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import type { S3Settings } from '../src/adapters/s3-storage.js';

/** The one account s3rver knows. */
const ACCOUNT = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

export interface LocalS3 {
  /** Settings for `s3FileStorage` on `bucket`. */
  settings(bucket: string): S3Settings;
  /** The same as the server's environment (`S3_…`). */
  env(bucket: string): Record<string, string>;
  /** Every object's key in `bucket`, sorted. */
  keys(bucket: string): Promise<string[]>;
  stop(): Promise<void>;
}

/**
 * An S3-compatible server on a port of this machine with the given buckets, its objects in a folder
 * of its own: the S3 API over HTTP as a store speaks it, for the adapter and the AWS client it uses.
 * It checks the access key, not the request's signature (the AWS client computes that).
 */
export async function startLocalS3(buckets: string[]): Promise<LocalS3> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'sil-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: buckets.map((name) => ({ name })),
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const region = 'fr-par';
  const client = new S3Client({ endpoint, region, forcePathStyle: true, credentials: ACCOUNT });
  return {
    settings: (bucket) => ({ endpoint, region, bucket, ...ACCOUNT }),
    env: (bucket) => ({
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_BUCKET: bucket,
      S3_ACCESS_KEY_ID: ACCOUNT.accessKeyId,
      S3_SECRET_ACCESS_KEY: ACCOUNT.secretAccessKey,
    }),
    async keys(bucket) {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
      return (listed.Contents ?? []).map((object) => object.Key ?? '').sort();
    },
    async stop() {
      client.destroy();
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
