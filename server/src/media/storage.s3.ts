/**
 * S3-compatible media storage (DESIGN §1 "files"; issue 5 "Storage"): the `Storage` interface over
 * one bucket of AWS S3 or any S3-compatible server (MinIO, Ceph, R2, s3rver in the tests), with
 * @aws-sdk/client-s3. Chosen when `S3_BUCKET` is set (`createStorage`); the local directory under
 * `DATA_DIR` stays the default.
 *
 * Storage key `k` is the object `${S3_PREFIX}${k}` in `S3_BUCKET`. Writes go through
 * @aws-sdk/lib-storage `Upload` (one PUT for small bodies, a multipart upload of 8 MiB parts for
 * larger ones or streams of unknown length), so no body is held in memory whole.
 *
 * Checksums are only sent where S3 requires them (`requestChecksumCalculation: 'WHEN_REQUIRED'`):
 * the SDK's default trailing CRC32 checksums over aws-chunked bodies are not understood by many
 * S3-compatible servers.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { Env, S3Env } from '../env';
import { mimeForKey } from './sniff';
import { isValidKey, LocalStorage, type ByteRange, type Storage, type StoredObjectInfo } from './storage';

/** Part size of multipart writes, in bytes (S3's minimum is 5 MiB). */
export const S3_PART_SIZE = 8 * 1024 * 1024;
/** Largest object a single CopyObject may copy (5 GiB); larger moves stream the bytes. */
const COPY_LIMIT = 5 * 1024 ** 3;

/**
 * The @aws-sdk/client-s3 configuration of the `S3_*` settings (shared by `S3Storage` and the tus
 * S3Store). Credentials are given only when both `S3_ACCESS_KEY_ID` and `S3_SECRET_ACCESS_KEY` are
 * set; otherwise the SDK's default credential chain applies.
 */
export function s3ClientConfig(s3: S3Env): S3ClientConfig {
  return {
    region: s3.region,
    forcePathStyle: s3.forcePathStyle,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.accessKeyId && s3.secretAccessKey ? { credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } } : {}),
  };
}

/** True for the SDK's "no such object" answers (HeadObject's bare 404 `NotFound`, GetObject's `NoSuchKey`). */
export function isS3NotFound(err: unknown): boolean {
  if (typeof err !== 'object' || err === null) return false;
  const e = err as { name?: unknown; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NotFound' || e.name === 'NoSuchKey' || e.$metadata?.httpStatusCode === 404;
}

function assertKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid storage key: ${JSON.stringify(key)}`);
}

/** Options of `S3Storage`. */
export interface S3StorageOptions {
  /** The `S3_*` settings (bucket, prefix, endpoint, credentials). */
  s3: S3Env;
  /** Directory for `withLocalPath` downloads (created when missing), e.g. `${dataDir}/tmp`. */
  tmpDir: string;
  /** A client to use instead of one built from `s3`. */
  client?: S3Client;
  /** Keys per ListObjectsV2 page in `deletePrefix` (default 1000, S3's maximum). */
  listPageSize?: number;
}

/** `Storage` over an S3-compatible bucket: object `key` is `${prefix}${key}` in `bucket`. */
export class S3Storage implements Storage {
  readonly client: S3Client;
  readonly bucket: string;
  readonly prefix: string;
  private readonly tmpDir: string;
  private readonly listPageSize: number;

  constructor(opts: S3StorageOptions) {
    this.client = opts.client ?? new S3Client(s3ClientConfig(opts.s3));
    this.bucket = opts.s3.bucket;
    this.prefix = opts.s3.prefix;
    this.tmpDir = opts.tmpDir;
    this.listPageSize = opts.listPageSize ?? 1000;
  }

  /**
   * Checks at start-up that the bucket exists and the credentials may use it (HeadBucket).
   * @throws an Error naming the bucket and endpoint, with the S3 error's name.
   */
  async checkBucket(): Promise<void> {
    try {
      await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
    } catch (err) {
      const endpoint = await this.client.config.endpoint?.().then((e) => `${e.protocol}//${e.hostname}${e.port ? `:${e.port}` : ''}`).catch(() => undefined);
      const e = err as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
      const status = e.$metadata?.httpStatusCode;
      const detail = e.message && e.message !== e.name && e.message !== 'UnknownError' ? `: ${e.message}` : '';
      const why = `${e.name ?? String(err)}${detail}${status ? `, HTTP ${status}` : ''}`;
      throw new Error(`S3 bucket "${this.bucket}" is not usable${endpoint ? ` at ${endpoint}` : ''} (${why}); check S3_BUCKET, S3_ENDPOINT and the credentials.`);
    }
  }

  /** The object key of storage key `key` (throws for a malformed key). */
  objectKey(key: string): string {
    assertKey(key);
    return `${this.prefix}${key}`;
  }

  private async upload(key: string, body: Readable | ReadableStream<Uint8Array>): Promise<{ size: number }> {
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.bucket, Key: this.objectKey(key), Body: body, ContentType: mimeForKey(key) },
      partSize: S3_PART_SIZE,
      queueSize: 2,
      leavePartsOnError: false,
    });
    await upload.done();
    const info = await this.stat(key);
    if (!info) throw new Error(`S3 object ${this.objectKey(key)} is missing right after it was written`);
    return { size: info.size };
  }

  async putStream(key: string, body: Readable | ReadableStream<Uint8Array>): Promise<{ size: number }> {
    return this.upload(key, body);
  }

  async putFile(key: string, filePath: string, opts: { move?: boolean } = {}): Promise<{ size: number }> {
    const result = await this.upload(key, createReadStream(filePath));
    if (opts.move) await unlink(filePath);
    return result;
  }

  /**
   * Downloads the object to a fresh temporary directory under `tmpDir` (the file keeps the key's
   * base name, so tools see its extension), runs `fn` with that path and removes the directory
   * afterwards, also when the download or `fn` throws. Throws the SDK's `NoSuchKey` for a missing key.
   */
  async withLocalPath<T>(key: string, fn: (filePath: string) => Promise<T>): Promise<T> {
    const objectKey = this.objectKey(key);
    await mkdir(this.tmpDir, { recursive: true });
    const dir = await mkdtemp(path.join(this.tmpDir, 's3-'));
    try {
      const file = path.join(dir, path.posix.basename(key));
      const res = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: objectKey }));
      if (!(res.Body instanceof Readable)) throw new Error(`S3 GetObject ${objectKey} answered no body stream`);
      await pipeline(res.Body, createWriteStream(file));
      return await fn(file);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  async stat(key: string): Promise<StoredObjectInfo | null> {
    try {
      const head = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
      return { size: head.ContentLength ?? 0, modifiedAt: head.LastModified ?? new Date(0) };
    } catch (err) {
      if (isS3NotFound(err)) return null;
      throw err;
    }
  }

  /**
   * Streams the object (or the inclusive `range`) from GetObject. The stream is returned at once;
   * S3 errors (e.g. `NoSuchKey`) destroy it. Destroying the stream aborts the S3 request.
   */
  createReadStream(key: string, range?: ByteRange): Readable {
    const objectKey = this.objectKey(key);
    const out = new PassThrough();
    const abort = new AbortController();
    out.once('close', () => abort.abort());
    const command = new GetObjectCommand({ Bucket: this.bucket, Key: objectKey, ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}) });
    this.client
      .send(command, { abortSignal: abort.signal })
      .then(async (res) => {
        if (!(res.Body instanceof Readable)) throw new Error(`S3 GetObject ${objectKey} answered no body stream`);
        // A server that ignored the Range would send other bytes than the caller announced.
        if (range && res.ContentLength !== undefined && res.ContentLength !== range.end - range.start + 1) {
          res.Body.destroy();
          throw new Error(`S3 GetObject ${objectKey} answered ${res.ContentLength} bytes for the range ${range.start}-${range.end}`);
        }
        await pipeline(res.Body, out);
      })
      .catch((err: unknown) => {
        if (!out.destroyed) out.destroy(err instanceof Error ? err : new Error(String(err)));
      });
    return out;
  }

  /**
   * Moves an object within the bucket: CopyObject (Content-Type from the new key) then DeleteObject;
   * objects over 5 GiB are streamed instead. Resolves with the size in bytes; throws when `from` is missing.
   */
  async move(from: string, to: string): Promise<{ size: number }> {
    const info = await this.stat(from);
    if (!info) throw new Error(`Storage key not found: ${JSON.stringify(from)}`);
    if (info.size > COPY_LIMIT) {
      await this.upload(to, this.createReadStream(from));
    } else {
      const source = this.objectKey(from).split('/').map(encodeURIComponent).join('/');
      await this.client.send(
        new CopyObjectCommand({
          Bucket: this.bucket,
          Key: this.objectKey(to),
          CopySource: `${this.bucket}/${source}`,
          MetadataDirective: 'REPLACE',
          ContentType: mimeForKey(to),
        }),
      );
    }
    await this.delete(from);
    return { size: info.size };
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: this.objectKey(key) }));
  }

  /**
   * Deletes every object under `${prefix}/`: ListObjectsV2 pages (continuation tokens) each followed
   * by one DeleteObjects call. Throws when S3 reports a key it could not delete.
   */
  async deletePrefix(prefix: string): Promise<void> {
    const listPrefix = `${this.objectKey(prefix)}/`;
    let token: string | undefined;
    do {
      const page = await this.client.send(
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: listPrefix, MaxKeys: this.listPageSize, ...(token ? { ContinuationToken: token } : {}) }),
      );
      const keys = (page.Contents ?? []).map((o) => o.Key).filter((k): k is string => !!k);
      if (keys.length) {
        const res = await this.client.send(new DeleteObjectsCommand({ Bucket: this.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }));
        if (res.Errors?.length) {
          const first = res.Errors[0];
          throw new Error(`S3 DeleteObjects failed for ${res.Errors.length} key(s), e.g. ${first?.Key}: ${first?.Code} ${first?.Message}`);
        }
      }
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
  }
}

/**
 * The media storage of a deployment: `S3Storage` when `S3_BUCKET` is set (downloads for ffmpeg go to
 * `${dataDir}/tmp`), else `LocalStorage` under `${dataDir}/media`.
 */
export function createStorage(env: Pick<Env, 'dataDir' | 's3'>): Storage {
  if (env.s3) return new S3Storage({ s3: env.s3, tmpDir: path.join(env.dataDir, 'tmp') });
  return new LocalStorage(path.join(env.dataDir, 'media'));
}

