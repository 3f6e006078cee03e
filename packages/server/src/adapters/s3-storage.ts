import { checkedObjectKey, type ObjectStore, StoredObjectMissing } from './objects.js';
import { type FileStorage, fileStorageOn } from './storage.js';

/** Where the files of every server copy live when there are several (docs/deployment.md). */
export interface S3Settings {
  /** An S3-compatible endpoint (Scaleway, OVHcloud, MinIO…); absent: AWS itself, by region. */
  endpoint?: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The store's answer for a key with no object, told apart from any other failure. */
const missingAs = (key: string) => (error: { name?: string }) => {
  throw error.name === 'NoSuchKey' ? new StoredObjectMissing(key) : error;
};

const CONNECTION_TIMEOUT_MS = 5_000;
/** Long enough for the largest upload the server accepts on a slow link to the store. */
const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Objects in an S3-compatible bucket, under `prefix` (the backups share the files' bucket under
 * their own), addressed by path (`forcePathStyle`: stores other than AWS seldom serve a bucket per
 * host name). Objects are never public: the server reads them after its own rights check. A put that
 * must not replace asks the store to refuse an existing object (`If-None-Match: *`).
 */
export async function bucketObjects(settings: S3Settings, prefix = ''): Promise<ObjectStore> {
  // Loaded here (about 60 ms): one server on its folder never needs it.
  const {
    CopyObjectCommand,
    DeleteObjectCommand,
    GetObjectCommand,
    ListObjectsV2Command,
    PutObjectCommand,
    S3Client,
  } = await import('@aws-sdk/client-s3');
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
  const full = (key: string) => `${prefix}${checkedObjectKey(key)}`;
  /** The keys under a prefix of the bucket, page after page; with `/` as delimiter, one level only. */
  const keysUnder = async (folder: string, oneLevel: boolean) => {
    const keys: string[] = [];
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket,
          Prefix: `${full(folder)}/`,
          ContinuationToken,
          ...(oneLevel ? { Delimiter: '/' } : {}),
        }),
      );
      for (const object of page.Contents ?? []) if (object.Key) keys.push(object.Key.slice(prefix.length));
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
    return keys.sort();
  };
  const remove = async (key: string) => {
    await client.send(new DeleteObjectCommand({ Bucket, Key: full(key) }));
  };
  return {
    async put(key, bytes, options = {}) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: full(key),
          Body: bytes,
          ...(options.replace ? {} : { IfNoneMatch: '*' }),
        }),
      );
    },
    async get(key) {
      const answer = await client
        .send(new GetObjectCommand({ Bucket, Key: full(key) }))
        .catch(missingAs(key));
      if (!answer.Body) throw new Error(`stored object ${key} has no body`);
      return Buffer.from(await answer.Body.transformToByteArray());
    },
    remove,
    // A copy inside the store, then the first object dropped: S3 has no rename.
    async move(from, to) {
      await client
        .send(new CopyObjectCommand({ Bucket, Key: full(to), CopySource: `${Bucket}/${full(from)}` }))
        .catch(missingAs(from));
      await remove(from);
    },
    list: (folder) => keysUnder(folder, true),
    async removeFolder(folder) {
      // Keys as listed, not checked again: a folder marker (`a/`) is removed with the rest.
      for (const key of await keysUnder(folder, false))
        await client.send(new DeleteObjectCommand({ Bucket, Key: `${prefix}${key}` }));
    },
  };
}

/** Uploaded files in an S3-compatible bucket. */
export const s3FileStorage = async (settings: S3Settings): Promise<FileStorage> =>
  fileStorageOn(await bucketObjects(settings));
