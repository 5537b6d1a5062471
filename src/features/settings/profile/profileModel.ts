/**
 * Pure rules of the settings Profile tab (spec 002 §2 "Profile tab", §3 Profile, §5 theme / social
 * link / action rules; issue 15), with THE SAME valibot schemas the server applies
 * (server/src/modules/account/profile.rules.ts):
 *
 * - `profileFormValues(stored)`: the form's values from `GET /account/{id}/profile` (theme colours
 *   default to white on the brand violet when none are stored);
 * - `profileBody(values, withCompanyProfile)`: the one `PUT /account/{id}/profile` body — `appearance`
 *   always, `profile` only with the account feature `company_profile` (otherwise the stored company
 *   profile is left as it is);
 * - `profileFormIssues(values, withCompanyProfile)`: field messages of the main form (both theme
 *   colours required and hex, plus whatever the server's schema refuses), keyed by form field path;
 * - `socialLinkIssues`, `actionIssues`: field messages of the link and action dialogs;
 * - `linkInput` / `linkUrl`: the input of each external link type (a phone number for tel, an e-mail
 *   address for mailto, the text itself for url, deep_link and relative_path) and the stored url;
 * - `serverFieldErrors`: a 422 answer's field names (`profile.actions.0.url`) → form fields.
 *
 * Messages are Lingui descriptors (the server's own texts are English API messages).
 */
import { msg } from '@lingui/core/macro';
import type { MessageDescriptor } from '@lingui/core';
import * as v from 'valibot';
import {
  AccountProfileBody,
  ContactFormAction,
  ExternalLinkAction,
  PROFILE_HEX_COLOUR,
  SocialLink,
  type ActionStyle,
  type ContactFormField,
  type LinkTarget,
  type ProfileAction,
  type SocialIcon,
} from '../../../../server/src/modules/account/profile.rules';
import type { ExternalLinkType } from '../../../../server/src/modules/bot/link.rules';
import type { Schema } from '../../../api/contract';

/** `GET|PUT /account/{id}/profile` answer. */
export type AccountProfile = Schema<'AccountProfile'>;
export type { ProfileAction, SocialIcon, LinkTarget, ActionStyle, ContactFormField, ExternalLinkType };
export type SocialLinkValue = v.InferOutput<typeof SocialLink>;

/** Theme defaults where none is stored *(design)*: white text on the brand violet (contrast 8.6:1, AAA). */
export const DEFAULT_BUTTON_TEXT_COLOR = '#FFFFFF';
export const DEFAULT_BUTTON_BACKGROUND_COLOR = '#351DDA';

/** What the Profile tab's form holds. Texts are '' when empty; media are ids or null. */
export interface ProfileFormValues {
  appearance: {
    buttonTextColor: string;
    buttonBackgroundColor: string;
    stylesRaw: string;
    logoId: number | null;
    chatVideoId: number | null;
  };
  profile: {
    companyName: string;
    description: string;
    coverId: number | null;
    introductionId: number | null;
    socialLinks: SocialLinkValue[];
    actions: ProfileAction[];
  };
}

/** The form's starting values from the stored profile. */
export function profileFormValues(stored: Pick<AccountProfile, 'appearance' | 'profile'>): ProfileFormValues {
  const a = stored.appearance;
  const p = stored.profile;
  return {
    appearance: {
      buttonTextColor: a.buttonTextColor ?? DEFAULT_BUTTON_TEXT_COLOR,
      buttonBackgroundColor: a.buttonBackgroundColor ?? DEFAULT_BUTTON_BACKGROUND_COLOR,
      stylesRaw: a.stylesRaw ?? '',
      logoId: a.logoId ?? null,
      chatVideoId: a.chatVideoId ?? null,
    },
    profile: {
      companyName: p.companyName ?? '',
      description: p.description ?? '',
      coverId: p.coverId ?? null,
      introductionId: p.introductionId ?? null,
      socialLinks: (p.socialLinks ?? []) as SocialLinkValue[],
      actions: (p.actions ?? []) as ProfileAction[],
    },
  };
}

const orNull = (s: string) => (s.trim() === '' ? null : s);

/** The one PUT body of the form (see the module comment). */
export function profileBody(values: ProfileFormValues, withCompanyProfile: boolean): v.InferInput<typeof AccountProfileBody> {
  const a = values.appearance;
  const p = values.profile;
  return {
    appearance: {
      buttonTextColor: a.buttonTextColor.trim(),
      buttonBackgroundColor: a.buttonBackgroundColor.trim(),
      stylesRaw: orNull(a.stylesRaw),
      logoId: a.logoId,
      chatVideoId: a.chatVideoId,
    },
    ...(withCompanyProfile
      ? {
          profile: {
            companyName: orNull(p.companyName.trim()),
            description: orNull(p.description.trim()),
            coverId: p.coverId,
            introductionId: p.introductionId,
            socialLinks: p.socialLinks,
            actions: p.actions,
          },
        }
      : {}),
  };
}

type Issue = v.BaseIssue<unknown>;

/** The Lingui message of a valibot issue of the profile schemas (the server's rule, the SPA's words). */
export function ruleMessage(issue: Issue): MessageDescriptor {
  const m = issue.message;
  switch (m) {
    case 'Must be an email address.':
    case 'Enter a valid email address.':
    case 'Must start with mailto: followed by an email address.':
      return msg`Enter a valid email address.`;
    case 'Must be a full http:// or https:// URL.':
      return msg`Must be a full http:// or https:// URL.`;
    case 'Must start with tel: followed by a phone number (digits, spaces, +, brackets, hyphens).':
      return msg`Enter a phone number (digits, spaces, +, brackets, hyphens).`;
    case 'Must be a deep link with a scheme, such as myapp://path.':
      return msg`Must be a deep link with a scheme, such as myapp://path.`;
    case 'Must be a path starting with /.':
      return msg`Must be a path starting with /.`;
    case 'Script links (javascript:) are not allowed.':
      return msg`Script links (javascript:) are not allowed.`;
    case 'Must be a hex colour such as #351DDA.':
      return msg`Must be a hex colour such as #351DDA.`;
  }
  switch (issue.type) {
    case 'non_empty':
    case 'min_length':
    case 'string':
      return msg`Required.`;
    case 'max_length': {
      const max = String(issue.requirement);
      return msg`At most ${max} characters.`;
    }
    case 'picklist':
    case 'literal':
    case 'variant':
      return msg`Choose one of the options.`;
    case 'raw_check':
      return m.endsWith('is required.') ? msg`Required.` : msg`Not valid.`;
    default:
      return msg`Not valid.`;
  }
}

/** Dotted path of an issue (`profile.socialLinks.0.url`), as the server names fields in a 422. */
export function issuePath(issue: Issue): string {
  return (issue.path ?? []).map((p) => String(p.key)).join('.');
}

/** The field messages of `schema` for `input`, first per path, keyed by dotted path (prefixed). */
function issuesOf(schema: v.GenericSchema, input: unknown, prefix = ''): Record<string, MessageDescriptor> {
  const out: Record<string, MessageDescriptor> = {};
  const result = v.safeParse(schema, input);
  if (!result.success) {
    for (const issue of result.issues) {
      const path = prefix + issuePath(issue);
      if (!(path in out)) out[path] = ruleMessage(issue);
    }
  }
  return out;
}

/**
 * A server field name (a 422's `errors` key, or a schema issue path) → the main form's field:
 * `appearance.x` and `profile.x` stay; a social link's or action's own field → the list field
 * (`profile.socialLinks`, `profile.actions`), where the row is named.
 */
export function formFieldOf(serverName: string): { field: string; row?: number } {
  const m = /^profile\.(socialLinks|actions)\.(\d+)(?:\.|$)/.exec(serverName);
  if (m) return { field: `profile.${m[1]}`, row: Number(m[2]) };
  return { field: serverName };
}

/**
 * Field messages of the main form: both theme colours required and hex (spec 002 §5), then the
 * server's schema over the body the form would send. Keys are form field names; list rows' issues
 * go on the list field. Empty when the form may be saved.
 */
export function profileFormIssues(values: ProfileFormValues, withCompanyProfile: boolean): Record<string, MessageDescriptor> {
  const out: Record<string, MessageDescriptor> = {};
  for (const key of ['buttonTextColor', 'buttonBackgroundColor'] as const) {
    const colour = values.appearance[key].trim();
    if (colour === '') out[`appearance.${key}`] = msg`Required.`;
    else if (!PROFILE_HEX_COLOUR.test(colour)) out[`appearance.${key}`] = msg`Must be a hex colour such as #351DDA.`;
  }
  for (const [path, message] of Object.entries(issuesOf(AccountProfileBody, profileBody(values, withCompanyProfile)))) {
    const { field, row } = formFieldOf(path);
    if (field in out) continue;
    out[field] = row === undefined ? message : rowMessage(field, row);
  }
  return out;
}

/** "Social link 2 is not valid: edit it." / "Action 1 is not valid: edit it." (rows counted from 1). */
export function rowMessage(field: string, row: number): MessageDescriptor {
  const n = row + 1;
  return field === 'profile.socialLinks' ? msg`Social link ${n} is not valid: edit it.` : msg`Action button ${n} is not valid: edit it.`;
}

// --- social link dialog ------------------------------------------------------------------------------

/** The social link dialog's values (icon '' until chosen). */
export interface SocialLinkDraft {
  icon: SocialIcon | '';
  url: string;
  target: LinkTarget;
}

/** A new link's draft: no icon, empty url, opens in a new tab. */
export const newSocialLinkDraft = (): SocialLinkDraft => ({ icon: '', url: '', target: 'new_tab' });

/** The stored link of a valid draft (url trimmed). */
export function socialLinkOf(draft: SocialLinkDraft): SocialLinkValue {
  return { icon: draft.icon as SocialIcon, url: draft.url.trim(), target: draft.target };
}

/** Field messages of the social link dialog (spec 002 §5: icon required; url required, a URL or, for Email, an e-mail). */
export function socialLinkIssues(draft: SocialLinkDraft): Record<string, MessageDescriptor> {
  const out: Record<string, MessageDescriptor> = {};
  if (draft.icon === '') out.icon = msg`Required.`;
  if (draft.url.trim() === '') out.url = msg`Required.`;
  if (Object.keys(out).length > 0) return out;
  return issuesOf(SocialLink, socialLinkOf(draft));
}

// --- action dialog -----------------------------------------------------------------------------------

/** The standard fields a contact form may ask for *(design)*: the key, its input type. */
export const CONTACT_FIELDS = [
  { name: 'name', type: 'text' },
  { name: 'email', type: 'email' },
  { name: 'phone', type: 'tel' },
  { name: 'message', type: 'textarea' },
] as const satisfies readonly Pick<ContactFormField, 'name' | 'type'>[];
export type ContactFieldName = (typeof CONTACT_FIELDS)[number]['name'];

/** The action dialog's values: both types' inputs (the type's own are sent). */
export interface ActionDraft {
  type: ProfileAction['type'] | '';
  name: string;
  // external_link
  externalLinkType: ExternalLinkType;
  /** What the person types for the link: a phone number (tel), an e-mail (mailto), else the url. */
  link: string;
  style: ActionStyle;
  target: LinkTarget;
  // contact_form
  buttonText: string;
  buttonStyle: ActionStyle;
  title: string;
  subject: string;
  description: string;
  /** Comma- or space-separated e-mail addresses. */
  emailTo: string;
  emailBcc: string;
  fields: Record<ContactFieldName, { enabled: boolean; required: boolean }>;
}

/** Input of an external link type: the stored url without its `tel:` / `mailto:` prefix. */
export function linkInput(type: ExternalLinkType, url: string): string {
  if (type === 'tel' && url.startsWith('tel:')) return url.slice(4);
  if (type === 'mailto' && url.startsWith('mailto:')) return url.slice(7);
  return url;
}

/** The stored url of an external link input: `tel:` / `mailto:` added for those types. */
export function linkUrl(type: ExternalLinkType, input: string): string {
  const text = input.trim();
  if (text === '') return '';
  if (type === 'tel') return text.startsWith('tel:') ? text : `tel:${text}`;
  if (type === 'mailto') return text.startsWith('mailto:') ? text : `mailto:${text}`;
  return text;
}

/** Addresses of a list field: split at commas, semicolons and white space, blanks dropped. */
export function emailList(text: string): string[] {
  return text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

const defaultFields = (): ActionDraft['fields'] => ({
  name: { enabled: true, required: true },
  email: { enabled: true, required: true },
  phone: { enabled: false, required: false },
  message: { enabled: true, required: false },
});

/** A draft of `action` (editing) or of a new action (no type yet). */
export function actionDraft(action?: ProfileAction): ActionDraft {
  const base: ActionDraft = {
    type: action?.type ?? '',
    name: action?.name ?? '',
    externalLinkType: 'url',
    link: '',
    style: 'standard',
    target: 'new_tab',
    buttonText: '',
    buttonStyle: 'standard',
    title: '',
    subject: '',
    description: '',
    emailTo: '',
    emailBcc: '',
    fields: defaultFields(),
  };
  if (action?.type === 'external_link') {
    return { ...base, externalLinkType: action.externalLinkType, link: linkInput(action.externalLinkType, action.url), style: action.style ?? 'standard', target: action.target ?? 'new_tab' };
  }
  if (action?.type === 'contact_form') {
    const fields = defaultFields();
    for (const f of CONTACT_FIELDS) {
      const stored = action.fields?.find((x) => x.name === f.name);
      fields[f.name] = { enabled: !!stored, required: stored?.required ?? false };
    }
    return {
      ...base,
      buttonText: action.buttonText,
      buttonStyle: action.buttonStyle ?? 'standard',
      title: action.title,
      subject: action.subject,
      description: action.description,
      emailTo: action.emailTo.join(', '),
      emailBcc: (action.emailBcc ?? []).join(', '),
      fields,
    };
  }
  return base;
}

/** The stored action of a draft (its type's fields only; texts trimmed). Undefined while no type is chosen. */
export function actionOf(draft: ActionDraft): v.InferInput<typeof ExternalLinkAction> | v.InferInput<typeof ContactFormAction> | undefined {
  if (draft.type === 'external_link') {
    return { type: 'external_link', name: draft.name.trim(), externalLinkType: draft.externalLinkType, url: linkUrl(draft.externalLinkType, draft.link), style: draft.style, target: draft.target };
  }
  if (draft.type === 'contact_form') {
    const bcc = emailList(draft.emailBcc);
    return {
      type: 'contact_form',
      name: draft.name.trim(),
      buttonText: draft.buttonText.trim(),
      buttonStyle: draft.buttonStyle,
      title: draft.title.trim(),
      subject: draft.subject.trim(),
      description: draft.description.trim(),
      emailTo: emailList(draft.emailTo),
      ...(bcc.length ? { emailBcc: bcc } : {}),
      fields: CONTACT_FIELDS.filter((f) => draft.fields[f.name].enabled).map((f) => ({ name: f.name, type: f.type, required: draft.fields[f.name].required })),
    };
  }
  return undefined;
}

/**
 * Field messages of the action dialog (spec 002 §5): name and type required; an external link needs
 * a link type and a url valid for it (the field `link`); a contact form needs button text, title,
 * subject, description and recipients (`emailTo`, `emailBcc` name the list fields). Keys are the
 * draft's field names.
 */
export function actionIssues(draft: ActionDraft): Record<string, MessageDescriptor> {
  const out: Record<string, MessageDescriptor> = {};
  if (draft.type === '') out.type = msg`Required.`;
  if (draft.name.trim() === '') out.name = msg`Required.`;
  const action = actionOf(draft);
  if (!action) return out;
  const schema = action.type === 'external_link' ? ExternalLinkAction : ContactFormAction;
  for (const [path, message] of Object.entries(issuesOf(schema, action))) {
    const top = path.split('.')[0]!;
    const key = top === 'url' ? 'link' : top;
    if (!(key in out)) out[key] = top === 'emailTo' && action.type === 'contact_form' && action.emailTo.length === 0 ? msg`Required.` : message;
  }
  return out;
}
