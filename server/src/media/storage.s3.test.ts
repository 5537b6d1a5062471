/**
 * The `Storage` contract (server/src/media/storage.ts) run against both implementations —
 * `LocalStorage` and `S3Storage` on a local s3rver (server/test/s3.ts) — plus the S3-only parts:
 * `withLocalPath` temp-file clean-up, paginated `deletePrefix`, `S3_PREFIX`, and the `S3_*` settings.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { HeadObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv, loadS3Env } from '../env';
import { startTestS3, type TestS3 } from '../../test/s3';
import { LocalStorage, type Storage } from './storage';
import { createStorage, S3Storage } from './storage.s3';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

let s3: TestS3;
const tmpRoot = mkdtempSync(path.join(os.tmpdir(), 'vidbot-storage-test-'));

beforeAll(async () => {
  s3 = await startTestS3();
});

afterAll(async () => {
  await s3?.close();
  rmSync(tmpRoot, { recursive: true, force: true });
});

interface Variant {
  name: string;
  make(): Storage;
}

const s3TmpDir = path.join(tmpRoot, 's3-tmp');
const variants: Variant[] = [
  { name: 'LocalStorage', make: () => new LocalStorage(mkdtempSync(path.join(tmpRoot, 'local-'))) },
  { name: 'S3Storage', make: () => new S3Storage({ s3: loadS3Env(s3.env)!, tmpDir: s3TmpDir, listPageSize: 2 }) },
];

describe.each(variants)('Storage contract: $name', ({ make }) => {
  let storage: Storage;
  let n = 0;
  /** A fresh folder per test so the variants' tests do not see each other's objects. */
  const folder = () => `7/${Date.now().toString(36)}-${++n}`;
  beforeAll(() => {
    storage = make();
  });

  it('putStream stores a Node stream and a web stream; stat and createReadStream give the bytes back', async () => {
    const f = folder();
    const a = randomBytes(1000);
    const b = randomBytes(3000);
    expect(await storage.putStream(`${f}/a.bin`, Readable.from([a.subarray(0, 400), a.subarray(400)]))).toEqual({ size: 1000 });
    expect(await storage.putStream(`${f}/b.vtt`, new Blob([b]).stream())).toEqual({ size: 3000 });
    const info = await storage.stat(`${f}/a.bin`);
    expect(info?.size).toBe(1000);
    expect(info?.modifiedAt).toBeInstanceOf(Date);
    expect((await readAll(storage.createReadStream(`${f}/a.bin`))).equals(a)).toBe(true);
    expect((await readAll(storage.createReadStream(`${f}/b.vtt`))).equals(b)).toBe(true);
    // Writing again replaces the object.
    expect(await storage.putStream(`${f}/a.bin`, Readable.from([b]))).toEqual({ size: 3000 });
    expect((await readAll(storage.createReadStream(`${f}/a.bin`))).equals(b)).toBe(true);
  });

  it('putStream of a stream of unknown length over one 8 MiB part keeps every byte', async () => {
    const f = folder();
    const big = randomBytes(9 * 1024 * 1024 + 123);
    const chunks = Array.from({ length: Math.ceil(big.length / 65536) }, (_, i) => big.subarray(i * 65536, (i + 1) * 65536));
    expect(await storage.putStream(`${f}/big.mp4`, Readable.from(chunks))).toEqual({ size: big.length });
    expect(sha256(await readAll(storage.createReadStream(`${f}/big.mp4`)))).toBe(sha256(big));
  });

  it('putFile copies a local file, or consumes it with move', async () => {
    const f = folder();
    const bytes = randomBytes(5000);
    const file = path.join(tmpRoot, `src-${randomBytes(4).toString('hex')}`);
    await writeFile(file, bytes);
    expect(await storage.putFile(`${f}/copy.mp4`, file)).toEqual({ size: 5000 });
    expect(existsSync(file)).toBe(true);
    expect(await storage.putFile(`${f}/moved.mp4`, file, { move: true })).toEqual({ size: 5000 });
    expect(existsSync(file)).toBe(false);
    expect((await readAll(storage.createReadStream(`${f}/moved.mp4`))).equals(bytes)).toBe(true);
  });

  it('stat answers null for a missing key; reading one errors on the stream', async () => {
    const f = folder();
    expect(await storage.stat(`${f}/none.mp4`)).toBeNull();
    await expect(readAll(storage.createReadStream(`${f}/none.mp4`))).rejects.toThrow();
  });

  it('createReadStream reads inclusive byte ranges', async () => {
    const f = folder();
    const bytes = randomBytes(10_000);
    await storage.putStream(`${f}/r.mp4`, Readable.from([bytes]));
    // (Not `0-0`: s3rver reads an end of 0 as "to the end"; real S3 does not.)
    expect((await readAll(storage.createReadStream(`${f}/r.mp4`, { start: 0, end: 1 }))).equals(bytes.subarray(0, 2))).toBe(true);
    expect((await readAll(storage.createReadStream(`${f}/r.mp4`, { start: 1234, end: 5677 }))).equals(bytes.subarray(1234, 5678))).toBe(true);
    expect((await readAll(storage.createReadStream(`${f}/r.mp4`, { start: 9000, end: 9999 }))).equals(bytes.subarray(9000))).toBe(true);
  });

  it('move puts the bytes under the new key and removes the old one; a missing source throws', async () => {
    const f = folder();
    const bytes = randomBytes(2048);
    await storage.putStream(`tus/${f.replace('/', '-')}`, Readable.from([bytes]));
    expect(await storage.move(`tus/${f.replace('/', '-')}`, `${f}/source.mp4`)).toEqual({ size: 2048 });
    expect(await storage.stat(`tus/${f.replace('/', '-')}`)).toBeNull();
    expect((await readAll(storage.createReadStream(`${f}/source.mp4`))).equals(bytes)).toBe(true);
    await expect(storage.move(`${f}/gone.mp4`, `${f}/other.mp4`)).rejects.toThrow();
  });

  it('delete removes one object and ignores a missing one', async () => {
    const f = folder();
    await storage.putStream(`${f}/d.jpg`, Readable.from([randomBytes(10)]));
    await storage.putStream(`${f}/keep.jpg`, Readable.from([randomBytes(10)]));
    await storage.delete(`${f}/d.jpg`);
    await storage.delete(`${f}/d.jpg`);
    expect(await storage.stat(`${f}/d.jpg`)).toBeNull();
    expect(await storage.stat(`${f}/keep.jpg`)).not.toBeNull();
  });

  it('deletePrefix removes every object of a folder (nested too, over several list pages) and nothing beside it', async () => {
    const f = folder();
    const inside = [`${f}/x/source.mp4`, `${f}/x/playback.mp4`, `${f}/x/poster.jpg`, `${f}/x/sub/a.vtt`, `${f}/x/sub/b.vtt`];
    const outside = [`${f}/xy/source.mp4`, `${f}/y/poster.jpg`];
    for (const key of [...inside, ...outside]) await storage.putStream(key, Readable.from([randomBytes(16)]));
    await storage.deletePrefix(`${f}/x`);
    for (const key of inside) expect(await storage.stat(key), key).toBeNull();
    for (const key of outside) expect(await storage.stat(key), key).not.toBeNull();
    await storage.deletePrefix(`${f}/none`);
  });

  it('withLocalPath hands ffmpeg a local file holding the bytes; a missing key throws', async () => {
    const f = folder();
    const bytes = randomBytes(4096);
    await storage.putStream(`${f}/source.mov`, Readable.from([bytes]));
    const seen = await storage.withLocalPath(`${f}/source.mov`, async (p) => {
      expect(path.extname(p)).toBe('.mov');
      return readFile(p);
    });
    expect(seen.equals(bytes)).toBe(true);
    await expect(storage.withLocalPath(`${f}/none.mov`, async () => 1)).rejects.toThrow();
  });

  it('refuses malformed keys', async () => {
    await expect(storage.putStream('../etc/passwd', Readable.from([Buffer.from('x')]))).rejects.toThrow(/Invalid storage key/);
    expect(() => storage.createReadStream('a/../../b')).toThrow(/Invalid storage key/);
    await expect(storage.deletePrefix('/abs')).rejects.toThrow(/Invalid storage key/);
  });
});

describe('S3Storage specifics', () => {
  it('withLocalPath removes its temporary file after fn resolves and after fn throws', async () => {
    const tmpDir = path.join(tmpRoot, 'wlp');
    const storage = new S3Storage({ s3: loadS3Env(s3.env)!, tmpDir });
    await storage.putStream('8/w/source.mp4', Readable.from([randomBytes(100)]));
    let seenPath = '';
    await storage.withLocalPath('8/w/source.mp4', async (p) => {
      seenPath = p;
      expect(existsSync(p)).toBe(true);
    });
    expect(seenPath.startsWith(tmpDir)).toBe(true);
    expect(existsSync(seenPath)).toBe(false);
    await expect(
      storage.withLocalPath('8/w/source.mp4', async (p) => {
        seenPath = p;
        throw new Error('ffmpeg failed');
      }),
    ).rejects.toThrow('ffmpeg failed');
    expect(existsSync(seenPath)).toBe(false);
    await expect(storage.withLocalPath('8/w/missing.mp4', async () => undefined)).rejects.toThrow();
    expect(readdirSync(tmpDir)).toEqual([]);
  });

  it('checkBucket passes for the bucket and names a missing one', async () => {
    await new S3Storage({ s3: loadS3Env(s3.env)!, tmpDir: s3TmpDir }).checkBucket();
    const missing = new S3Storage({ s3: loadS3Env({ ...s3.env, S3_BUCKET: 'no-such-bucket' })!, tmpDir: s3TmpDir });
    await expect(missing.checkBucket()).rejects.toThrow(`S3 bucket "no-such-bucket" is not usable at ${s3.endpoint}`);
  });

  it('puts objects under S3_PREFIX with a Content-Type from the key', async () => {
    const storage = new S3Storage({ s3: loadS3Env({ ...s3.env, S3_PREFIX: '/tenant-a/' })!, tmpDir: s3TmpDir });
    expect(storage.prefix).toBe('tenant-a/');
    await storage.putStream('9/p/playback.mp4', Readable.from([randomBytes(50)]));
    expect(await s3.listKeys('tenant-a/')).toEqual(['tenant-a/9/p/playback.mp4']);
    const head = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'tenant-a/9/p/playback.mp4' }));
    expect(head.ContentType).toBe('video/mp4');
    await storage.move('9/p/playback.mp4', '9/p/poster.jpg');
    const moved = await s3.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: 'tenant-a/9/p/poster.jpg' }));
    expect(moved.ContentType).toBe('image/jpeg');
    await storage.deletePrefix('9');
    expect(await s3.listKeys('tenant-a/')).toEqual([]);
  });
});

describe('S3_* settings', () => {
  it('are off without S3_BUCKET; LocalStorage is the default', () => {
    const env = loadEnv({ DATA_DIR: tmpRoot, S3_ENDPOINT: 'http://127.0.0.1:9000' });
    expect(env.s3).toBeUndefined();
    expect(createStorage(env)).toBeInstanceOf(LocalStorage);
  });

  it('default the region and path-style addressing, normalise the prefix, and pick S3Storage', () => {
    const env = loadEnv({ DATA_DIR: tmpRoot, S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_PREFIX: 'vidbot' });
    expect(env.s3).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'us-east-1',
      bucket: 'media',
      accessKeyId: undefined,
      secretAccessKey: undefined,
      forcePathStyle: true,
      prefix: 'vidbot/',
    });
    expect(createStorage(env)).toBeInstanceOf(S3Storage);
    expect(loadS3Env({ S3_BUCKET: 'media' })).toMatchObject({ endpoint: undefined, forcePathStyle: false, prefix: '' });
    expect(loadS3Env({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://x', S3_FORCE_PATH_STYLE: '0', S3_REGION: 'eu-north-1' })).toMatchObject({
      forcePathStyle: false,
      region: 'eu-north-1',
    });
    expect(loadS3Env({ S3_BUCKET: 'media', S3_FORCE_PATH_STYLE: 'true' })?.forcePathStyle).toBe(true);
  });
});
