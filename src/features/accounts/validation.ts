/**
 * Client-side rules of the account forms (spec 000 §5): e-mail shape and the valibot schema the
 * create / edit form (AccountForm.tsx, @tanstack/react-form) validates with on submit.
 */
import * as v from 'valibot';

/** E-mail shape of spec 000 §5: text, at sign, text, dot, text. */
export const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The translated messages the account schema uses. */
export interface AccountFormMessages {
  required: string;
  email: string;
  duration: string;
}

const optionalEmail = (message: string) => v.pipe(v.string(), v.check((s) => !s.trim() || EMAIL_RE.test(s.trim()), message));

/**
 * Schema of the account form's values (field names as the server names them, so a 422's field
 * messages land on the same fields): businessName required; ownerEmail required and an e-mail
 * (create only); billingEmail empty or an e-mail; `options.maxVideoDuration` empty or a positive
 * whole number of seconds. The other fields are free text or choices.
 */
export function accountFormSchema(mode: 'create' | 'edit', msg: AccountFormMessages) {
  return v.object({
    businessName: v.pipe(v.string(), v.check((s) => s.trim() !== '', msg.required)),
    ownerEmail:
      mode === 'create'
        ? v.pipe(
            v.string(),
            v.check((s) => s.trim() !== '', msg.required),
            v.check((s) => !s.trim() || EMAIL_RE.test(s.trim()), msg.email),
          )
        : v.string(),
    billingEmail: optionalEmail(msg.email),
    phoneNumber: v.string(),
    businessId: v.string(),
    taxId: v.string(),
    address: v.string(),
    zipCode: v.string(),
    country: v.string(),
    status: v.picklist(['Active', 'Suspended']),
    newOwnerId: v.string(),
    newPartnerId: v.string(),
    options: v.object({
      maxVideoDuration: v.pipe(v.string(), v.check((s) => !s.trim() || /^[1-9]\d*$/.test(s.trim()), msg.duration)),
      disableAnalytics: v.boolean(),
      analyticsConsentRequired: v.boolean(),
    }),
  });
}

/** The account form's values (AccountForm.tsx); field names are the server's, billing fields flat. */
export type AccountFormValues = v.InferInput<ReturnType<typeof accountFormSchema>>;
