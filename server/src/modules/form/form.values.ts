/**
 * The rules of a viewer's answer to one form field (issue 12 "forms with every field type,
 * validation … bad input gets field messages"; spec 001 §3 Form field, §5 "email pattern").
 *
 * PURE and small: no valibot, no node imports (types from content.rules.ts, the §5 email pattern from link.rules.ts) — the player bundle (embed/player/actions/form.ts)
 * runs the very same checks in the browser as the server (form.service.ts) runs on
 * `POST /public/bot/{publicId}/form-submission`, so a viewer sees a message before sending and the
 * server never trusts the client. The checks answer an issue *code*; the server turns it into its
 * English 422 message (`FIELD_ISSUE_MESSAGES`), the player into its en/fi text.
 *
 * Value shapes per field type (what the player sends in `values[field.name]`):
 * - text, textarea, email, postal_code_fi → string (trimmed; '' = not answered);
 * - general_checkbox → boolean (false = not ticked);
 * - radio_button → the chosen option's id as a decimal string;
 * - external_link → no value (a link shown in the form; a value is refused).
 */
import type { FormField } from '../bot/content.rules';
import { EMAIL_PATTERN } from '../bot/link.rules';

/** A value as the player sends it (arrays are accepted by the body schema but no field type takes one). */
export type FormValue = string | boolean | string[];

/** Why an answer is not accepted. */
export type FieldIssue = 'required' | 'email' | 'postalCode' | 'tooLong' | 'option' | 'type' | 'noValue';

/** Email pattern of spec 001 §5 (link.rules.ts EMAIL_PATTERN: something@host.tld, no spaces). */
export const VALUE_EMAIL_PATTERN = EMAIL_PATTERN;

/** A Finnish postal code: exactly five digits (e.g. 00100). */
export const POSTAL_CODE_FI_PATTERN = /^\d{5}$/;

/** Longest accepted text per field type, characters (design; email 320 as RFC 5321). */
export const MAX_VALUE_LENGTH: Record<'text' | 'textarea' | 'email' | 'postal_code_fi', number> = {
  text: 1000,
  textarea: 5000,
  email: 320,
  postal_code_fi: 5,
};

/** The field shape these rules need (a public or private FormField). */
export type ValueField = Pick<FormField, 'name' | 'type' | 'required' | 'options'>;

/** Field types that take an answer (external_link is only shown). */
export function takesValue(field: Pick<FormField, 'type'>): boolean {
  return field.type !== 'external_link';
}

/**
 * Whether the viewer must answer `field`. `required` decides, except for radio buttons, which are
 * always answered (spec 001 §5: the required/optional choice is not offered for radio buttons, so a
 * choice among the options is the only way a group makes sense).
 */
export function isRequired(field: Pick<FormField, 'type' | 'required'>): boolean {
  if (field.type === 'radio_button') return true;
  if (field.type === 'external_link') return false;
  return field.required === true;
}

/**
 * The issue of `value` as the answer to `field`, or undefined when it is acceptable. `value` is
 * what arrived (undefined when the key was absent). Strings are judged trimmed.
 */
export function fieldValueIssue(field: ValueField, value: unknown): FieldIssue | undefined {
  const required = isRequired(field);
  switch (field.type) {
    case 'external_link':
      return value === undefined || value === null || value === '' ? undefined : 'noValue';
    case 'general_checkbox':
      if (value === undefined || value === null) return required ? 'required' : undefined;
      if (typeof value !== 'boolean') return 'type';
      return required && !value ? 'required' : undefined;
    case 'radio_button': {
      if (value === undefined || value === null || value === '') return required ? 'required' : undefined;
      if (typeof value !== 'string') return 'type';
      return (field.options ?? []).some((o) => String(o.id) === value.trim()) ? undefined : 'option';
    }
    default: {
      if (value === undefined || value === null) return required ? 'required' : undefined;
      if (typeof value !== 'string') return 'type';
      const text = value.trim();
      if (text === '') return required ? 'required' : undefined;
      if (text.length > MAX_VALUE_LENGTH[field.type]) return 'tooLong';
      if (field.type === 'email' && !VALUE_EMAIL_PATTERN.test(text)) return 'email';
      if (field.type === 'postal_code_fi' && !POSTAL_CODE_FI_PATTERN.test(text)) return 'postalCode';
      return undefined;
    }
  }
}

/** The server's English 422 message for an issue of `field`. */
export function fieldIssueMessage(field: ValueField, issue: FieldIssue): string {
  switch (issue) {
    case 'required':
      return field.type === 'general_checkbox' ? 'This box must be ticked.' : field.type === 'radio_button' ? 'Choose one of the options.' : 'This field is required.';
    case 'email':
      return 'Must be an email address.';
    case 'postalCode':
      return 'Must be a Finnish postal code of five digits.';
    case 'tooLong':
      return `Must be at most ${MAX_VALUE_LENGTH[field.type as keyof typeof MAX_VALUE_LENGTH] ?? 0} characters.`;
    case 'option':
      return 'Choose one of the options.';
    case 'type':
      return field.type === 'general_checkbox' ? 'Must be true or false.' : 'Must be text.';
    case 'noValue':
      return 'This field takes no value.';
  }
}
