/**
 * Labels of the audit log (spec 002 §3 "Audit event" type and target; issue 15 "audit log … in en and
 * fi"): one en/fi label for every type of the server's catalogue (server/src/lib/audit.types.ts —
 * the `Record<AuditType, …>` makes a new catalogue type without a label a type error), a label per
 * resource (the filter's "every event of …" choices) and per target type. A type the catalogue
 * does not know (an old row) shows as written.
 */
import { useLingui } from '@lingui/react/macro';
import { AUDIT_RESOURCES, AUDIT_TYPES, isAuditType, type AuditResource, type AuditType } from '../../../../server/src/lib/audit.types';

export { AUDIT_RESOURCES, AUDIT_TYPES, type AuditResource, type AuditType };

/** `(type) => label`: the catalogue label in the active language, else the raw type. */
export function useAuditTypeLabel(): (type: string) => string {
  const { t } = useLingui();
  const labels: Record<AuditType, string> = {
    'account.create': t`Account created`,
    'account.update': t`Account updated`,
    'account.delete': t`Account deleted`,
    'account.owner_change': t`Account owner changed`,
    'account.profile_update': t`Account profile updated`,
    'account.analytics_settings_update': t`Analytics settings updated`,
    'bot.create': t`Vidbot created`,
    'bot.save': t`Vidbot draft saved`,
    'bot.update': t`Vidbot updated`,
    'bot.publish': t`Vidbot published`,
    'bot.deactivate': t`Vidbot deactivated`,
    'bot.delete': t`Vidbot deleted`,
    'bot.clone': t`Vidbot duplicated`,
    'bot.copy': t`Vidbot copied to account`,
    'media.create': t`Media created`,
    'media.upload': t`Media uploaded`,
    'media.update': t`Media updated`,
    'media.delete': t`Media deleted`,
    'media.replace_start': t`Media replacement started`,
    'media.replace': t`Media replaced`,
    'media.replace_upload': t`Media replacement uploaded`,
    'media.caption.upload': t`Subtitles uploaded`,
    'media.caption.delete': t`Subtitles deleted`,
    'tag.create': t`Tag created`,
    'tag.update': t`Tag renamed`,
    'user.invite': t`User invited`,
    'user.resendInvitation': t`Invitation resent`,
    'user.remove': t`User removed`,
    'user.update': t`User profile updated`,
    'user.set_password': t`Password set`,
    'role.update': t`Role changed`,
    'role.join': t`Joined the account`,
    'widget.create': t`Widget created`,
    'widget.save': t`Widget draft saved`,
    'widget.update': t`Widget updated`,
    'widget.publish': t`Widget published`,
    'widget.deactivate': t`Widget deactivated`,
    'widget.reactivate': t`Widget reactivated`,
    'widget.delete': t`Widget deleted`,
    'widget.clone': t`Widget duplicated`,
    'widget.copy': t`Widget copied to account`,
    'integration.connect': t`Integration connected`,
    'integration.disconnect': t`Integration disconnected`,
    'integration.error': t`Integration failed`,
    'flag.create': t`Feature flag created`,
    'flag.update': t`Feature flag updated`,
    'reseller.add': t`Reseller added`,
    'reseller.remove': t`Reseller removed`,
    'sso.create': t`Single sign-on created`,
    'sso.update': t`Single sign-on updated`,
    'sso.provision': t`Single sign-on provisioned`,
  };
  return (type) => (isAuditType(type) ? labels[type] : type);
}

/** `(resource) => label` of a resource prefix in the type filter ("All vidbot events"). */
export function useAuditResourceLabel(): (resource: AuditResource) => string {
  const { t } = useLingui();
  const labels: Record<AuditResource, string> = {
    account: t`All account events`,
    bot: t`All vidbot events`,
    media: t`All media events`,
    tag: t`All tag events`,
    user: t`All user events`,
    role: t`All role events`,
    widget: t`All widget events`,
    integration: t`All integration events`,
    flag: t`All feature flag events`,
    reseller: t`All reseller events`,
    sso: t`All single sign-on events`,
  };
  return (resource) => labels[resource];
}

/** `(target) => label` of an event's target type (`bot` → "Vidbot"); an unknown one as written. */
export function useAuditTargetLabel(): (target: string) => string {
  const { t } = useLingui();
  const labels: Record<string, string> = {
    account: t`Account`,
    bot: t`Vidbot`,
    media: t`Media`,
    tag: t`Tag`,
    user: t`User`,
    role: t`Role`,
    widget: t`Widget`,
    integration: t`Integration`,
    flag: t`Feature flag`,
    sso_config: t`Single sign-on`,
  };
  return (target) => (Object.hasOwn(labels, target) ? labels[target]! : target);
}
