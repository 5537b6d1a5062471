/**
 * Server answers in a @tanstack/react-form form (issue 14 "admin and settings forms use TanStack
 * Form"; spec 000 §8 "field messages of a 422 on their fields"): a failed save puts the 422 answer's
 * field messages (`HttpError.fieldErrors`, field name → message) on those fields and the answer's
 * text on the form, both in the form's `onServer` error slot. The field values are never touched, so
 * nothing typed is lost. `submitForm` clears those messages before a new attempt (TanStack Form
 * would otherwise count them as invalid and refuse the submit); a form with an `onChange` validator
 * also clears them as soon as the person edits.
 */
import { errorText, fieldErrorsOf } from './errorText';

/** The slice of a TanStack `FormApi` these helpers use (any form's values). */
export interface ServerErrorForm {
  setErrorMap(errorMap: { onServer?: unknown }): void;
  handleSubmit(): Promise<void>;
}

/**
 * Shows a failed save on the form: 422 field messages on their fields, the error's text (the
 * server's `detail`, else `fallback`) as the form's message. `fieldNames` renames server field names
 * to the form's where they differ (e.g. `{ accountId: 'account' }`). Returns the text (for a toast).
 */
export function showServerErrors(form: ServerErrorForm, error: unknown, fallback: string, fieldNames: Record<string, string> = {}): string {
  const text = errorText(error, fallback);
  const fields = Object.fromEntries(Object.entries(fieldErrorsOf(error)).map(([name, message]) => [fieldNames[name] ?? name, message]));
  form.setErrorMap({ onServer: { form: text, fields } });
  return text;
}

/** Removes the messages `showServerErrors` put on the form and its fields. */
export function clearServerErrors(form: ServerErrorForm): void {
  form.setErrorMap({ onServer: { form: undefined, fields: {} } });
}

/** Submits the form after clearing the previous attempt's server messages. */
export function submitForm(form: ServerErrorForm): Promise<void> {
  clearServerErrors(form);
  return form.handleSubmit();
}

/**
 * The first message of a TanStack error list as text: a string, a valibot / Standard Schema issue
 * (`{ message }`) or a list of issues (what a form-level schema leaves on a field). `undefined` when
 * there is none.
 */
export function firstError(errors: readonly unknown[] | undefined): string | undefined {
  for (const error of errors ?? []) {
    const text = messageOf(error);
    if (text) return text;
  }
  return undefined;
}

function messageOf(error: unknown): string | undefined {
  if (typeof error === 'string') return error || undefined;
  if (Array.isArray(error)) return firstError(error);
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') return error.message;
  return undefined;
}

/** The form's own (not field) server message, from `state.errorMap.onServer`, as text. */
export function formServerError(errorMap: { onServer?: unknown }): string | undefined {
  return messageOf(errorMap.onServer);
}
