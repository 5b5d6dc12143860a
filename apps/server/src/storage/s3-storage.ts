import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { S3Config } from '../config.ts';
import { assertSafeKey, isSafeKey, type FileStorage, type ListedFile, type StoredFile } from './storage.ts';

/** An upload holds about PART_SIZE × (QUEUE_SIZE + 1) bytes in memory, whatever the file's size. */
const PART_SIZE = 8 * 1024 * 1024;
const QUEUE_SIZE = 2;

function isMissing(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  if (error.name === 'NoSuchKey') return true;
  return error.$metadata.httpStatusCode === 404 && error.name !== 'NoSuchBucket';
}

/** Files in an S3-compatible bucket; a multipart upload appears only once completed, and is aborted on failure. */
export function s3Storage(config: S3Config): FileStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Several S3-compatible stores refuse the CRC checksum headers the SDK now sends by default.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = config.bucket;

  function objectKey(key: string) {
    assertSafeKey(key);
    return config.prefix ? `${config.prefix}/${key}` : key;
  }

  async function get(key: string): Promise<Readable | null> {
    try {
      const { Body } = await client.send(new GetObjectCommand({ Bucket, Key: objectKey(key) }));
      if (!(Body instanceof Readable)) throw new Error(`No body for storage key: ${key}`);
      return Body;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  return {
    async put(key: string, body: Readable): Promise<StoredFile> {
      let size = 0;
      async function* counted() {
        for await (const chunk of body) {
          size += Buffer.byteLength(chunk);
          yield chunk;
        }
      }
      const Key = objectKey(key);
      const source = Readable.from(counted());
      const upload = new Upload({
        client,
        params: { Bucket, Key, Body: source },
        partSize: PART_SIZE,
        queueSize: QUEUE_SIZE,
        leavePartsOnError: true,
      });
      try {
        await upload.done();
      } catch (error) {
        source.destroy();
        body.destroy();
        // Best effort, so the caller sees why the upload failed; uncompleted parts never form an object.
        const UploadId = upload.uploadId;
        if (UploadId) {
          await client
            .send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId }))
            .catch(() => undefined);
        }
        throw error;
      }
      return { size };
    },

    get,

    async stat(key: string) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: objectKey(key) }));
        return { size: head.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },

    async delete(key: string) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: objectKey(key) }));
    },

    async localPath(key: string) {
      assertSafeKey(key);
      const directory = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'trowel-s3-'));
      const file = path.join(directory, path.basename(key));
      const release = () => fs.promises.rm(directory, { recursive: true, force: true });
      try {
        const body = await get(key);
        // Like local storage, a missing key yields a path with no file behind it.
        if (body) await pipeline(body, fs.createWriteStream(file, { flags: 'wx' }));
      } catch (error) {
        await release();
        throw error;
      }
      return { path: file, release };
    },

    async *list(): AsyncGenerator<ListedFile> {
      const Prefix = config.prefix ? `${config.prefix}/` : undefined;
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) {
          const key = object.Key?.slice(Prefix?.length ?? 0);
          // Objects of other tools sharing the bucket have keys no upload would be given.
          if (key && isSafeKey(key)) yield { key, size: object.Size ?? 0 };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
