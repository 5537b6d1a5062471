/**
 * A local S3-compatible server for tests (issue 5 "Storage"): s3rver 3.7 (file-system backed, runs
 * on Node 20) on 127.0.0.1 with a random port and a temp directory, one bucket created.
 *
 * Where s3rver falls short, this harness answers in front of s3rver's request handler, from
 * s3rver's own store; every other request is s3rver's, and production code is unchanged:
 * - ListParts (`GET ?uploadId`) and AbortMultipartUpload (`DELETE ?uploadId`) are not implemented by
 *   s3rver; @tus/s3-store needs them to find an upload's offset and to terminate one. Answered from
 *   s3rver's upload directory (parts `N` with their MD5 in `N.md5`).
 * - ListObjectsV2 continuation tokens: s3rver enciphers them with DES, which OpenSSL 3 (Node ≥ 17)
 *   refuses, so every truncated listing fails with InternalError. Listings without a delimiter are
 *   answered from `store.listObjects` with a base64url token holding the last key.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { loadS3Env } from '../src/env';
import { s3ClientConfig } from '../src/media/storage.s3';

/** s3rver's default credentials (it checks request signatures against them). */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The `S3_*` variables pointing at this server (for `loadEnv` / `createTestContext`). */
  env: Record<string, string>;
  client: S3Client;
  /** Every object key in the bucket under `prefix` (sorted). */
  listKeys(prefix?: string): Promise<string[]>;
  close(): Promise<void>;
}

interface S3rverObject {
  key: string;
  size: number;
  lastModifiedDate: Date;
  metadata: { etag?: string };
}

interface S3rverStore {
  getResourcePath(bucket: string, key: string | undefined, resource: string): string;
  listObjects(bucket: string, options: { prefix?: string; startAfter?: string; maxKeys?: number }): Promise<{ objects: S3rverObject[]; isTruncated: boolean }>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function s3Error(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/xml' });
  res.end(`<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

/** ListParts / AbortMultipartUpload over s3rver's upload directory `uploadsDir/<uploadId>`. */
async function multipartExtras(req: http.IncomingMessage, res: http.ServerResponse, url: URL, uploadsDir: string): Promise<void> {
  const uploadId = url.searchParams.get('uploadId') ?? '';
  const dir = path.join(uploadsDir, uploadId);
  if (!/^[0-9a-f]+$/.test(uploadId) || !(await stat(dir).catch(() => null))) {
    return s3Error(res, 404, 'NoSuchUpload', 'The specified upload does not exist.');
  }
  if (req.method === 'DELETE') {
    await rm(dir, { recursive: true, force: true });
    res.writeHead(204);
    res.end();
    return;
  }
  const numbers = (await readdir(dir)).filter((n) => /^\d+$/.test(n)).map(Number).sort((a, b) => a - b);
  const parts = await Promise.all(
    numbers.map(async (n) => {
      const [info, md5] = await Promise.all([stat(path.join(dir, String(n))), readFile(path.join(dir, `${n}.md5`), 'utf8')]);
      return `<Part><PartNumber>${n}</PartNumber><LastModified>${info.mtime.toISOString()}</LastModified><ETag>"${md5.trim()}"</ETag><Size>${info.size}</Size></Part>`;
    }),
  );
  const key = decodeURIComponent(url.pathname.split('/').slice(2).join('/'));
  res.writeHead(200, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListPartsResult><Bucket>${xmlEscape(url.pathname.split('/')[1] ?? '')}</Bucket><Key>${xmlEscape(key)}</Key>` +
      `<UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated><MaxParts>10000</MaxParts>${parts.join('')}</ListPartsResult>`,
  );
}

/** ListObjectsV2 without a delimiter (`GET /<bucket>?list-type=2`), paginated with plain tokens. */
async function listObjectsV2(res: http.ServerResponse, url: URL, bucket: string, store: S3rverStore): Promise<void> {
  const q = url.searchParams;
  const prefix = q.get('prefix') ?? '';
  const token = q.get('continuation-token');
  const startAfter = token ? Buffer.from(token, 'base64url').toString('utf8') : (q.get('start-after') ?? '');
  const maxKeys = Math.min(1000, Number(q.get('max-keys') ?? 1000));
  const result = await store.listObjects(bucket, { prefix, startAfter, maxKeys });
  const last = result.objects[result.objects.length - 1];
  const contents = result.objects
    .map(
      (o) =>
        `<Contents><Key>${xmlEscape(o.key)}</Key><LastModified>${o.lastModifiedDate.toISOString()}</LastModified>` +
        `<ETag>${xmlEscape(o.metadata.etag ?? '""')}</ETag><Size>${o.size}</Size><StorageClass>STANDARD</StorageClass></Contents>`,
    )
    .join('');
  const next = result.isTruncated && last ? `<NextContinuationToken>${Buffer.from(last.key).toString('base64url')}</NextContinuationToken>` : '';
  res.writeHead(200, { 'Content-Type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Name>${xmlEscape(bucket)}</Name><Prefix>${xmlEscape(prefix)}</Prefix>` +
      `<KeyCount>${result.objects.length}</KeyCount><MaxKeys>${maxKeys}</MaxKeys><IsTruncated>${result.isTruncated}</IsTruncated>${next}${contents}</ListBucketResult>`,
  );
}

/**
 * Starts s3rver with bucket `bucket` (default `vidbot-test`) on a random port.
 * @param opts.prefix becomes `S3_PREFIX` in `env`.
 */
export async function startTestS3(opts: { bucket?: string; prefix?: string } = {}): Promise<TestS3> {
  const bucket = opts.bucket ?? 'vidbot-test';
  const directory = mkdtempSync(path.join(os.tmpdir(), 'vidbot-s3rver-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const store = (s3rver as unknown as { store: S3rverStore }).store;
  const uploadsDir = store.getResourcePath(bucket, undefined, 'uploads');
  const handle = s3rver.callback();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://s3.local');
    const segments = url.pathname.split('/').filter(Boolean);
    const isObject = segments.length >= 2;
    if (!isObject && segments[0] === bucket && req.method === 'GET' && url.searchParams.get('list-type') === '2' && !url.searchParams.get('delimiter')) {
      listObjectsV2(res, url, bucket, store).catch((err: unknown) => s3Error(res, 500, 'InternalError', String(err)));
      return;
    }
    if (isObject && url.searchParams.has('uploadId') && (req.method === 'GET' || req.method === 'DELETE')) {
      multipartExtras(req, res, url, uploadsDir).catch((err: unknown) => s3Error(res, 500, 'InternalError', String(err)));
      return;
    }
    handle(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const env: Record<string, string> = {
    S3_ENDPOINT: endpoint,
    S3_BUCKET: bucket,
    S3_ACCESS_KEY_ID: ACCESS_KEY,
    S3_SECRET_ACCESS_KEY: SECRET_KEY,
    ...(opts.prefix ? { S3_PREFIX: opts.prefix } : {}),
  };
  const s3Env = loadS3Env(env);
  if (!s3Env) throw new Error('unreachable: S3_BUCKET is set');
  const client = new S3Client(s3ClientConfig(s3Env));
  return {
    endpoint,
    bucket,
    env,
    client,
    async listKeys(prefix = '') {
      const keys: string[] = [];
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ...(token ? { ContinuationToken: token } : {}) }));
        keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
      return keys.sort();
    },
    async close() {
      client.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
