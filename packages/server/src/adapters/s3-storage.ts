import { randomUUID } from 'node:crypto';
import { type FileStorage, StoredFileMissing, safeStorageKey, stagedFiles } from './storage.js';

/** Where the files of every server copy live when there are several (docs/deployment.md). */
export interface S3Settings {
  /** An S3-compatible endpoint (Scaleway, OVHcloud, MinIO…); absent: AWS itself, by region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

const CONNECTION_TIMEOUT_MS = 5_000;
/** Long enough for the largest upload the server accepts on a slow link to the store. */
const REQUEST_TIMEOUT_MS = 60_000;

/** A staged file waits under this prefix, where no key the server generates can point. */
const STAGING = '.staging';

/**
 * Uploaded files in an S3-compatible bucket, addressed by path (`forcePathStyle`: stores other than
 * AWS seldom serve a bucket per host name). Objects are never public: the server reads them after its
 * own rights check. A key names immutable contents, so a put asks the store to refuse an existing
 * object (`If-None-Match: *`) where the local folder writes with `wx`.
 */
export async function s3FileStorage(settings: S3Settings): Promise<FileStorage> {
  // Loaded here (about 60 ms): one server on its folder never needs it.
  const { CopyObjectCommand, DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } =
    await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region,
    forcePathStyle: true,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // A store that does not answer is a refusal the user can retry, not a call left hanging.
    requestHandler: { connectionTimeout: CONNECTION_TIMEOUT_MS, requestTimeout: REQUEST_TIMEOUT_MS },
    ...(settings.endpoint
      ? {
          endpoint: settings.endpoint,
          // The checksums AWS's client adds by default since early 2025 (a CRC32 trailer on each put,
          // checked on each get) are refused or answered wrongly by many stores other than AWS.
          requestChecksumCalculation: 'WHEN_REQUIRED',
          responseChecksumValidation: 'WHEN_REQUIRED',
        }
      : {}),
  });
  const Bucket = settings.bucket;
  const put = async (Key: string, bytes: Buffer) => {
    await client.send(new PutObjectCommand({ Bucket, Key, Body: bytes, IfNoneMatch: '*' }));
  };
  const remove = async (Key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key }));
  };
  return {
    put: async (key, bytes) => put(safeStorageKey(key), bytes),
    async get(key) {
      const answer = await client
        .send(new GetObjectCommand({ Bucket, Key: safeStorageKey(key) }))
        .catch((error: { name?: string }) => {
          throw error.name === 'NoSuchKey' ? new StoredFileMissing(key) : error;
        });
      if (!answer.Body) throw new Error(`stored file ${key} has no body`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    remove: async (key) => remove(safeStorageKey(key)),
    stage(files) {
      const folder = `${STAGING}/${randomUUID()}`;
      const aside = (key: string) => `${folder}/${safeStorageKey(key)}`;
      const written: string[] = [];
      return stagedFiles(files, {
        async writeAside(key, bytes) {
          await put(aside(key), bytes);
          written.push(aside(key));
        },
        // A copy inside the store, then the staged object dropped: S3 has no rename. A key already
        // in place holds the same bytes (keys name immutable contents) and is simply replaced.
        async moveInPlace(key) {
          await client.send(
            new CopyObjectCommand({ Bucket, Key: key, CopySource: `${Bucket}/${aside(key)}` }),
          );
        },
        async discard() {
          await Promise.all(written.splice(0).map((key) => remove(key)));
        },
      });
    },
  };
}
