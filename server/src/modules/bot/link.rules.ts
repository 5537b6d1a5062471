/**
 * The text rules of spec 001 §5 for e-mail addresses and links (email pattern; url, tel, mailto,
 * deep link, relative path), and the link enumerations of §3 Action "External link".
 *
 * PURE and dependency-free (no valibot): content.rules.ts re-exports everything here for the server
 * and the SPA, and the player bundle (embed/player/actions) imports this file directly so the
 * viewer's browser applies the same rules without downloading the content schemas.
 */

/** Email pattern of spec 001 §5 ("email pattern"): something@host.tld, no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** External link types (spec 001 §3 Action "External link"). */
export const EXTERNAL_LINK_TYPES = ['tel', 'mailto', 'url', 'deep_link', 'relative_path'] as const;
export type ExternalLinkType = (typeof EXTERNAL_LINK_TYPES)[number];

/** How a link opens (spec 001 §3). */
export const LINK_TYPES = ['new_tab', 'embed', 'same_tab'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** True when `text` parses as an absolute URL with the http or https protocol (spec 001 §5). */
export function isHttpUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname.length > 0;
  } catch {
    return false;
  }
}

const TEL = /^tel:\+?[\d\s()-]*\d[\d\s()-]*$/;
const MAILTO = /^mailto:[^\s@?]+@[^\s@?]+\.[^\s@?]+(?:\?\S*)?$/;
const DEEP_LINK = /^([A-Za-z][A-Za-z0-9+.-]*):\/\/\S*$/;
const SCRIPT_SCHEME = /^\s*(?:javascript|js)/i;

/**
 * The spec 001 §5 text rule for a link of type `type`:
 * - tel: `tel:` then an optional `+` and digits, spaces, brackets or hyphens (at least one digit);
 * - mailto: `mailto:` and an address (an optional `?subject=…` query is kept);
 * - url: parses, protocol http or https;
 * - deep_link: a scheme with `://`, not starting with `javascript` or `js`;
 * - relative_path: starts with one slash (`//host` is a protocol-relative URL to another site and refused).
 * @returns the field message, or undefined when `text` is valid.
 */
export function linkTextIssue(type: ExternalLinkType, text: string): string | undefined {
  const t = text.trim();
  if (t.length === 0) return 'URL is required.';
  if (SCRIPT_SCHEME.test(t)) return 'Script links (javascript:) are not allowed.';
  switch (type) {
    case 'tel':
      return TEL.test(t) ? undefined : 'Must start with tel: followed by a phone number (digits, spaces, +, brackets, hyphens).';
    case 'mailto':
      return MAILTO.test(t) ? undefined : 'Must start with mailto: followed by an email address.';
    case 'url':
      return isHttpUrl(t) ? undefined : 'Must be a full http:// or https:// URL.';
    case 'deep_link':
      return DEEP_LINK.test(t) ? undefined : 'Must be a deep link with a scheme, such as myapp://path.';
    case 'relative_path':
      return t.startsWith('/') && !t.startsWith('//') && !/\s/.test(t) ? undefined : 'Must be a path starting with /.';
  }
}
