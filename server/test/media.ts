/**
 * Shared steps of the media server tests: reading a JSON answer with its expected status, and a real
 * tus upload with tus-js-client (docs/api.md "Media", `/api/media/tus`).
 */
import * as tus from 'tus-js-client';
import { expect } from 'vitest';

/** Asserts `res.status` (the body is shown on failure) and answers the parsed JSON body. */
export async function expectJson<T>(res: Response, status: number): Promise<T> {
  const body = await res.text();
  expect(res.status, body).toBe(status);
  return JSON.parse(body) as T;
}

/**
 * Uploads `file` to `${baseUrl}/api/media/tus` for `accountId` in 4 MiB PATCHes, without retries or
 * stored fingerprints. Resolves with the `Media-Id` answer header; rejects with the tus error.
 */
export function tusUploadMedia(opts: { baseUrl: string; token: string; accountId: number; file: Buffer; metadata: Record<string, string> }): Promise<number> {
  return new Promise((resolve, reject) => {
    let mediaId: number | null = null;
    const upload = new tus.Upload(opts.file, {
      endpoint: `${opts.baseUrl}/api/media/tus`,
      chunkSize: 4 * 1024 * 1024,
      retryDelays: [],
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${opts.token}`, 'Account-Id': String(opts.accountId) },
      metadata: opts.metadata,
      onAfterResponse(_req, res) {
        const id = res.getHeader('Media-Id');
        if (id) mediaId = Number(id);
      },
      onSuccess: () => (mediaId ? resolve(mediaId) : reject(new Error('no Media-Id'))),
      onError: (err) => reject(err),
    });
    upload.start();
  });
}
