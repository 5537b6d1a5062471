/**
 * The tus datastore (DESIGN §4 uploads; spec 001 §4 "Resumable upload"): a FileStore under
 * `${dataDir}/tus` by default, or with `S3_*` settings an S3Store in the bucket. Both keep their state
 * on disk / in the bucket, so the tus endpoint (modules/media/media.tus.ts) and the media sweep
 * (media/sweep.ts) each make their own. A leaf module, so neither imports the other.
 */
import path from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { AppDeps } from '../lib/context';
import { S3_PART_SIZE, s3ClientConfig } from './storage.s3';

/** Unfinished tus uploads expire this long after they were created (ms); the media sweep removes them. */
export const TUS_EXPIRATION_MS = 7 * 24 * 3600_000;

/** The tus datastore of `deps.env` (see the module comment). */
export function createTusDatastore(deps: Pick<AppDeps, 'env'>): FileStore | S3Store {
  const s3 = deps.env.s3;
  return s3
    ? new S3Store({
        partSize: S3_PART_SIZE,
        expirationPeriodInMilliseconds: TUS_EXPIRATION_MS,
        useTags: false,
        s3ClientConfig: { bucket: s3.bucket, ...s3ClientConfig(s3) },
      })
    : new FileStore({ directory: path.join(deps.env.dataDir, 'tus'), expirationPeriodInMilliseconds: TUS_EXPIRATION_MS });
}
