/**
 * Request bodies of the SSO API (spec 000 §5 "SSO create: name, domain, provider required. Assign
 * account: account and default role required. SSO login email: required and must be an email"; §7).
 */
import * as v from 'valibot';
import { userEntries } from '../user/user.schemas';
import { GOOGLE_PROVIDER } from '../../idp/oauth/upstream';
import { Timestamp } from '../../lib/contract';

/** Provider names Cognito reserves for its social providers (plus its own). */
const RESERVED_PROVIDERS = ['COGNITO', GOOGLE_PROVIDER, 'Facebook', 'LoginWithAmazon', 'SignInWithApple'];

const Name = v.pipe(v.string(), v.trim(), v.minLength(1, 'Name is required.'), v.maxLength(200, 'Name is at most 200 characters.'));
const Domain = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.minLength(1, 'Domain is required.'),
  v.regex(/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, 'Domain must be a domain name such as example.com.'),
);
const Provider = v.pipe(
  v.string(),
  v.trim(),
  v.minLength(1, 'Provider is required.'),
  v.regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,31}$/, 'Provider must be 1–32 letters, digits, dots, dashes or underscores.'),
  v.check((p) => !RESERVED_PROVIDERS.some((r) => r.toLowerCase() === p.toLowerCase()), 'This provider name is reserved.'),
);
const IssuerUrl = v.pipe(
  v.string(),
  v.trim(),
  v.url('Issuer URL must be a URL.'),
  v.check((u) => {
    const url = new URL(u);
    return url.protocol === 'https:' || (url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname));
  }, 'Issuer URL must use https (http only on localhost).'),
);
const ClientId = v.pipe(v.string(), v.trim(), v.minLength(1, 'Client id is required.'), v.maxLength(500));
const ClientSecret = v.pipe(v.string(), v.minLength(1), v.maxLength(2000));
const Status = v.picklist(['active', 'disabled'], 'Status must be active or disabled.');

/** POST /sso/config. `status` defaults to active (spec 000 §5 "new configs are created active"). */
export const CreateSsoConfigBody = v.strictObject({
  name: Name,
  domain: Domain,
  provider: Provider,
  status: v.optional(Status, 'active'),
  issuerUrl: v.optional(v.nullable(IssuerUrl)),
  clientId: v.optional(v.nullable(ClientId)),
  clientSecret: v.optional(v.nullable(ClientSecret)),
});
export type CreateSsoConfigBody = v.InferOutput<typeof CreateSsoConfigBody>;

/** PATCH /sso/config/{id}: status toggle, plus the upstream settings *(design)*. */
export const PatchSsoConfigBody = v.strictObject({
  name: v.optional(Name),
  domain: v.optional(Domain),
  status: v.optional(Status),
  issuerUrl: v.optional(v.nullable(IssuerUrl)),
  clientId: v.optional(v.nullable(ClientId)),
  clientSecret: v.optional(v.nullable(ClientSecret)),
});
export type PatchSsoConfigBody = v.InferOutput<typeof PatchSsoConfigBody>;

/** POST /sso/config/{id}/provision. */
export const ProvisionBody = v.strictObject({
  accountId: v.pipe(v.number('Account is required.'), v.integer(), v.minValue(1, 'Account is required.')),
  defaultRole: v.picklist(['Viewer', 'Editor'], 'Default role must be Viewer or Editor.'),
});
export type ProvisionBody = v.InferOutput<typeof ProvisionBody>;

/** POST /auth/sso/discover. */
export const DiscoverBody = v.strictObject({
  email: v.pipe(v.string('Email is required.'), v.trim(), v.minLength(1, 'Email is required.'), v.email('Email must be an email address.'), v.maxLength(320)),
});

/** POST /auth/finalize: an empty object (or no body). */
export const FinalizeBody = v.optional(v.strictObject({}), {});

/** An account this SSO config provisions users into, with the role new users get. */
export const SsoProvision = v.strictObject({
  id: v.number(),
  accountId: v.number(),
  account: v.strictObject({ businessName: v.string() }),
  defaultRole: v.picklist(['Viewer', 'Editor']),
});

/**
 * SSO config as answered by the API (spec 000 §3 "SSO config" plus the upstream OIDC settings; the
 * client secret is never answered, only `hasClientSecret`).
 */
export const SsoConfig = v.pipe(
  v.strictObject({
    id: v.number(),
    name: v.string(),
    domain: v.string(),
    provider: v.string(),
    status: v.picklist(['active', 'disabled']),
    issuerUrl: v.nullable(v.string()),
    clientId: v.nullable(v.string()),
    hasClientSecret: v.boolean(),
    createdAt: Timestamp,
    ssoProvisions: v.array(SsoProvision),
  }),
  v.metadata({ ref: 'SsoConfig' }),
);
export type SsoConfig = v.InferOutput<typeof SsoConfig>;

/** `GET /sso/config` answer: every config (not paged; there are few). */
export const SsoConfigList = v.array(SsoConfig);

/** `POST /auth/sso/discover` answer: the provider name to pass to the hosted UI. */
export const SsoDiscovery = v.strictObject({ ssoProvider: v.string() });
export type SsoDiscovery = v.InferOutput<typeof SsoDiscovery>;

/**
 * `POST /auth/finalize` answer: the caller as `GET /user/me` answers them, plus the sign-in
 * identities (`[{ provider }]`, e.g. an SSO provider or Google).
 */
export const FinalizedUser = v.strictObject({ ...userEntries, identities: v.array(v.strictObject({ provider: v.string() })) });
export type FinalizedUser = v.InferOutput<typeof FinalizedUser>;
