/**
 * Where uploaded files (company logos; later favicons and other uploads) are kept: files under
 * DATA_DIR by default, or any S3-compatible object store by configuration (config.ts STORAGE=s3).
 * Callers name a file by a key of their own (`logos/{companyId}/{name}.png`) and never see where
 * it lies.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { StorageConfig } from '../config.ts';

export interface FileStorage {
  readonly kind: StorageConfig['kind'];
  /** Stores the bytes under the key, replacing what was there. */
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** The bytes under the key, or null when there is none. */
  get(key: string): Promise<Uint8Array | null>;
  /** Removes the key; a key that is not there is no error. */
  delete(key: string): Promise<void>;
  close(): void;
}

/** Keys are paths of plain segments: no `..`, no leading slash, nothing a file system or URL reads twice. */
const KEY = /^[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_.-]*)*$/i;

function checkKey(key: string): string {
  if (!KEY.test(key) || key.split('/').some((part) => part === '..' || part.endsWith('.'))) {
    throw new Error(`Not a storage key: ${key}`);
  }
  return key;
}

function localStorage(dir: string): FileStorage {
  const fileOf = (key: string) => path.join(dir, ...checkKey(key).split('/'));
  return {
    kind: 'local',
    async put(key, bytes) {
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed would be atomic, but a key is written once (its name is new each time).
      await writeFile(file, bytes);
    },
    async get(key) {
      try {
        return new Uint8Array(await readFile(fileOf(key)));
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
    close() {},
  };
}

function s3Storage(config: Extract<StorageConfig, { kind: 's3' }>): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
    // default (a CRC32 trailer on every upload).
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;
  return {
    kind: 's3',
    async put(key, bytes, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: checkKey(key), Body: bytes, ContentType: contentType }),
      );
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkKey(key) }));
        return object.Body ? await object.Body.transformToByteArray() : null;
      } catch (err) {
        if (err instanceof NoSuchKey) return null;
        if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return null;
        throw err;
      }
    },
    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: checkKey(key) }));
    },
    close() {
      client.destroy();
    },
  };
}

export function createStorage(config: StorageConfig): FileStorage {
  return config.kind === 's3' ? s3Storage(config) : localStorage(config.dir);
}
