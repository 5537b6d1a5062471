/**
 * One tus upload of a whole file as a SlideVideo (bench/run.ts "Upload to Ready", bench/memory.ts
 * uploads): resolves with the new media id from the `Media-Id` answer header.
 * @param chunkSize bytes per PATCH (the SPA sends 150 MiB chunks, spec 001 §9).
 * @throws tus-js-client's error when the upload fails after its retries.
 */
import * as tus from 'tus-js-client';

export function tusUpload(url: string, file: Buffer, token: string, accountId: number, name: string, chunkSize: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let mediaId = 0;
    new tus.Upload(file, {
      endpoint: `${url}/api/media/tus`,
      chunkSize,
      retryDelays: [0, 1000],
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${token}`, 'Account-Id': String(accountId) },
      metadata: { name, type: 'SlideVideo', filename: name },
      onAfterResponse(_req, res) {
        const id = res.getHeader('Media-Id');
        if (id) mediaId = Number(id);
      },
      onSuccess: () => resolve(mediaId),
      onError: reject,
    }).start();
  });
}
