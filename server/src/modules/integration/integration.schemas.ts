/**
 * Request and response shapes of the Google Drive integration (spec 001 §7 calls; docs/api.md
 * "Google Drive import").
 */
import * as v from 'valibot';

/** `POST /integration/google/auth/callback` body (spec 001 §7: code, state, token). */
export const CallbackBody = v.strictObject(
  {
    code: v.pipe(v.string('code is required.'), v.nonEmpty('code is required.'), v.maxLength(2048, 'code is too long.')),
    state: v.pipe(v.string('state is required.'), v.nonEmpty('state is required.'), v.maxLength(256, 'state is too long.')),
    /** Sent by the spec's client; not used (the caller is the bearer token's user). */
    token: v.optional(v.nullable(v.string('token must be a string.'))),
  },
  (issue) => `Unknown field ${String(issue.input)}.`,
);
export type CallbackBody = v.InferOutput<typeof CallbackBody>;

/** `GET /integration/google/drive/list` query. */
export const ListQuery = v.object({
  search_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(200, 'search_name must be at most 200 characters.'))),
});

/** `{fileId}` of the upload path: Drive ids are URL-safe base64-like strings. */
export const FileIdParam = v.object({
  fileId: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'fileId is not a Google Drive file id.')),
});

/** `POST /integration/google/drive/upload/{fileId}` body (spec 001 §7: data {accountId}). */
export const UploadBody = v.object({
  data: v.object(
    {
      accountId: v.pipe(v.number('accountId must be a number.'), v.integer('accountId must be an integer.'), v.minValue(1, 'accountId must be positive.')),
    },
    'data is required.',
  ),
});
export type UploadBody = v.InferOutput<typeof UploadBody>;

/** One video in the caller's Google Drive (`modifiedTime` as Google sends it, RFC 3339; `size` in bytes, null when Drive does not say). */
export const DriveFile = v.pipe(
  v.strictObject({
    id: v.string(),
    name: v.string(),
    thumbnailLink: v.nullable(v.string()),
    mimeType: v.string(),
    size: v.nullable(v.number()),
    modifiedTime: v.string(),
  }),
  v.metadata({ ref: 'DriveFile' }),
);
export type DriveFile = v.InferOutput<typeof DriveFile>;

/** `GET /integration/google/drive/list` answer: the latest 20 videos. */
export const DriveFileList = v.strictObject({ files: v.array(DriveFile) });
export type DriveFileList = v.InferOutput<typeof DriveFileList>;

/** `POST /integration/google/auth/csrf` answer: the one-time state and Google's consent URL carrying it. */
export const GoogleAuthStart = v.strictObject({ state: v.string(), authorizationUrl: v.string() });
export type GoogleAuthStart = v.InferOutput<typeof GoogleAuthStart>;

/** `POST /integration/google/auth/callback` answer. */
export const GoogleConnected = v.strictObject({ connected: v.literal(true) });
export type GoogleConnected = v.InferOutput<typeof GoogleConnected>;

/** `POST /integration/google/drive/upload/{fileId}` answer (202): the Draft media the import job fills. */
export const DriveImportStarted = v.strictObject({ mediaId: v.number() });
export type DriveImportStarted = v.InferOutput<typeof DriveImportStarted>;
