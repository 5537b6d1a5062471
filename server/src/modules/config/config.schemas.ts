/**
 * `GET /api/config` answer (DESIGN §1: one build serves every deployment; issue 10 §4 contract).
 * No token needed; the SPA loads it before anything else.
 */
import * as v from 'valibot';
import { AiGeneratorInfo } from '../ai/ai.schemas';

/** aws-amplify `loginWith.oauth` for federated sign-in (issue 3): OAuth domain is host + path, no scheme. */
export const OAuthConfig = v.strictObject({
  domain: v.string(),
  scopes: v.array(v.string()),
  redirectSignIn: v.array(v.string()),
  redirectSignOut: v.array(v.string()),
  responseType: v.literal('code'),
});

/** Runtime configuration of the SPA. */
export const RuntimeConfig = v.pipe(
  v.strictObject({
    userPoolId: v.string(),
    userPoolClientId: v.string(),
    /** May be relative ('/idp'); the SPA resolves it against its own origin. */
    userPoolEndpoint: v.string(),
    region: v.string(),
    /** Sentry starts only when this is a non-empty string. */
    sentryDsn: v.nullable(v.string()),
    previewAllowedOrigins: v.array(v.string()),
    /**
     * The instance's public URL (`PUBLIC_URL`, no trailing slash): the origin the share tab's embed
     * codes and CSP lines name (issue 12 architecture §6). Optional for older servers: the SPA then
     * uses its own origin.
     */
    publicUrl: v.optional(v.string()),
    oauth: v.nullable(OAuthConfig),
    /** Whether "Sign in with Google" is offered (GOOGLE_CLIENT_ID/SECRET set on the server). */
    google: v.boolean(),
    /** Whether Google Drive import can be offered (spec 001 §2). */
    googleDrive: v.boolean(),
    /**
     * Issue 10 §1: whether this server can process uploads — video needs ffmpeg and ffprobe, images
     * ffprobe; `message` (English, names what to install) when it cannot. Paths and versions stay in
     * the start banner (this endpoint is public).
     */
    mediaProcessing: v.strictObject({ video: v.boolean(), images: v.boolean(), message: v.optional(v.string()) }),
    /** Issue 16: which script generator and avatar provider this server uses. Optional for older servers. */
    ai: v.optional(AiGeneratorInfo),
  }),
  v.metadata({ ref: 'RuntimeConfig' }),
);
export type RuntimeConfig = v.InferOutput<typeof RuntimeConfig>;
