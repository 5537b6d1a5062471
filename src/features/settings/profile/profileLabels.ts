/**
 * Display names of the Profile tab's enumerations (spec 002 §3 Profile): social link icons (brand
 * names as the brands write them; Website and Email translated), link targets, action styles and
 * types, external link types and the contact form's standard fields.
 */
import { useLingui } from '@lingui/react/macro';
import type { ActionStyle, ContactFieldName, ExternalLinkType, LinkTarget, ProfileAction, SocialIcon } from './profileModel';

/** The translated names, for the active locale. */
export function useProfileLabels() {
  const { t } = useLingui();
  const icon: Record<SocialIcon, string> = {
    Linkedin: 'LinkedIn',
    Facebook: 'Facebook',
    Instagram: 'Instagram',
    Tiktok: 'TikTok',
    X: 'X',
    Website: t`Website`,
    WhatsApp: 'WhatsApp',
    Telegram: 'Telegram',
    Reddit: 'Reddit',
    Calendly: 'Calendly',
    Viber: 'Viber',
    Snapchat: 'Snapchat',
    Email: t`Email`,
    Pinterest: 'Pinterest',
    Youtube: 'YouTube',
    Vimeo: 'Vimeo',
  };
  const target: Record<LinkTarget, string> = { new_tab: t`A new tab`, same_tab: t`The same tab` };
  const style: Record<ActionStyle, string> = { standard: t`Standard`, highlight: t`Highlight` };
  const actionType: Record<ProfileAction['type'], string> = { external_link: t`External link`, contact_form: t`Contact form` };
  const linkType: Record<ExternalLinkType, string> = {
    tel: t`Phone call`,
    mailto: t`Email`,
    url: t`Web page`,
    deep_link: t`Deep link`,
    relative_path: t`Path on this site`,
  };
  const contactField: Record<ContactFieldName, string> = { name: t`Name`, email: t`Email`, phone: t`Phone`, message: t`Message` };
  return { icon, target, style, actionType, linkType, contactField };
}
