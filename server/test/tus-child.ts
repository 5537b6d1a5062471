/**
 * A tus client in its own process, for the client-kill resume tests and bench (server/test/resume.test.ts,
 * bench/resume.ts): `node --import tsx server/test/tus-child.ts '<json ChildJob>'`.
 *
 * Uploads `file` with tus-js-client (chunks of `chunkSize` bytes, no automatic retries). When
 * `stateFile` already holds an upload URL it resumes that upload (HEAD → PATCH from the server's
 * offset); otherwise it creates one and writes `{ uploadUrl, mediaId }` to `stateFile` (write + rename)
 * before the first PATCH. With `cutAt` the PATCH spanning that byte sends only the bytes before it and
 * then stalls, waiting to be killed (tus-resume.ts `cuttingHttpStack`).
 *
 * Reports on stdout, one event a line: `url <uploadUrl> <mediaId>`, `head <offset>`, `ack <offset>`,
 * `cut <cutAt> <chunkStart>`, `done <mediaId>`; on failure `error <message>` and exit code 1.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import * as tus from 'tus-js-client';
import { cuttingHttpStack, type ChildJob } from './tus-resume';

interface UploadState {
  uploadUrl: string;
  mediaId: number;
}

const job = JSON.parse(process.argv[2] ?? '{}') as ChildJob;
const emit = (line: string) => process.stdout.write(`${line}\n`);
const data = readFileSync(job.file);
const previous = existsSync(job.stateFile) ? (JSON.parse(readFileSync(job.stateFile, 'utf8')) as UploadState) : null;
let mediaId = previous?.mediaId ?? 0;

const upload = new tus.Upload(data, {
  ...(previous ? { uploadUrl: previous.uploadUrl } : { endpoint: `${job.url}/api/media/tus` }),
  chunkSize: job.chunkSize,
  retryDelays: null,
  storeFingerprintForResuming: false,
  headers: { Authorization: `Bearer ${job.token}`, 'Account-Id': String(job.accountId) },
  metadata: { name: job.name, type: 'SlideVideo', filename: job.name },
  ...(job.cutAt !== undefined ? { httpStack: cuttingHttpStack(job.cutAt, (start) => emit(`cut ${job.cutAt} ${start}`)) } : {}),
  onAfterResponse(req, res) {
    const id = res.getHeader('Media-Id');
    if (id) mediaId = Number(id);
    if (req.getMethod() === 'HEAD') emit(`head ${res.getHeader('Upload-Offset') ?? ''}`);
  },
  onUploadUrlAvailable() {
    const uploadUrl = new URL(upload.url ?? '', job.url).toString();
    if (!previous) {
      writeFileSync(`${job.stateFile}.tmp`, JSON.stringify({ uploadUrl, mediaId } satisfies UploadState));
      renameSync(`${job.stateFile}.tmp`, job.stateFile);
    }
    emit(`url ${uploadUrl} ${mediaId}`);
  },
  onChunkComplete(_size, accepted) {
    emit(`ack ${accepted}`);
  },
  onSuccess() {
    emit(`done ${mediaId}`);
    process.exit(0);
  },
  onError(err) {
    emit(`error ${err.message.replace(/\s+/g, ' ')}`);
    process.exit(1);
  },
});
upload.start();
