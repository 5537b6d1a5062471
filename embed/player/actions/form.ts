/**
 * The form view of a REGULAR_FORM action (spec 001 §3 Regular form, Form field; §5; issue 12 "forms
 * with every field type, validation, thank-you page and submission to the server … bad input gets
 * field messages, nothing lost on retry").
 *
 * Renders the title (action name), description, every field not marked `showAfterSubmit` (those
 * appear on the thank-you page) — text, email, textarea, general_checkbox, radio_button (a
 * fieldset), external_link (a link inside the form), postal_code_fi — with labels, a `*` marker and
 * `aria-required` on required fields, the custom privacy policy link, and a Send button.
 *
 * Validation uses the server's own rules (server/src/modules/form/form.values.ts). Messages sit under
 * their fields (`aria-describedby`, `aria-invalid`); after a failed attempt the first invalid field
 * takes focus and messages update as the viewer types. Sending: one `submissionId` per form fill
 * (crypto.randomUUID), the Send button is inert while a send is in flight (double clicks send once),
 * network failures retry automatically and then offer "Try again" with the SAME submissionId; a 422
 * puts the server's messages on the fields. `ctx.preview`: validated, not sent; resolves as
 * submitted with a local id ("preview-…").
 */
import type { FormField, PublicRegularFormAction } from '../../../server/src/modules/bot/content.rules';
import { fieldValueIssue, isRequired, type FieldIssue } from '../../../server/src/modules/form/form.values';
import { el, panel, uniquePrefix } from './dom';
import { resolveLinkUrl } from './link';
import { actionStrings, type ActionStringKey } from './strings';
import { newSubmissionId, sendSubmission, type SubmissionBody } from './submit';
import type { ActionContext, ActionView, MountForm } from './types';

/** One rendered field: how to read its value and where its message goes. */
interface FieldControl {
  field: FormField;
  /** The element that takes focus when the field is invalid. */
  focusTarget: HTMLElement;
  /** Elements that get aria-invalid. */
  inputs: HTMLInputElement[] | HTMLTextAreaElement[];
  message: HTMLElement;
  read(): string | boolean | undefined;
}

/** autocomplete tokens for common field names (integration field names of spec 001 §4 included). */
const AUTOCOMPLETE: Record<string, string> = {
  name: 'name',
  'full-name': 'name',
  'first-name': 'given-name',
  firstname: 'given-name',
  'last-name': 'family-name',
  lastname: 'family-name',
  email: 'email',
  telephone: 'tel',
  phone: 'tel',
  company: 'organization',
  'postal-code': 'postal-code',
};

function autocompleteFor(field: FormField): string {
  if (field.type === 'email') return 'email';
  if (field.type === 'postal_code_fi') return 'postal-code';
  return AUTOCOMPLETE[field.name.toLowerCase()] ?? 'on';
}

/** The viewer's message for `issue` of `field`. */
function issueKey(field: FormField, issue: FieldIssue): ActionStringKey {
  switch (issue) {
    case 'required':
      return field.type === 'general_checkbox' ? 'requiredCheckbox' : field.type === 'radio_button' ? 'chooseOption' : 'requiredField';
    case 'email':
      return 'email';
    case 'postalCode':
      return 'postalCode';
    case 'tooLong':
      return 'tooLong';
    case 'option':
      return 'chooseOption';
    default:
      return 'invalid';
  }
}

/** Label text plus the required marker (`*`, hidden from screen readers, which hear aria-required). */
function labelContent(node: HTMLElement, field: FormField, t: ReturnType<typeof actionStrings>): void {
  node.append(field.label);
  if (isRequired(field)) {
    const mark = el('span', 'vb-req', '*');
    mark.setAttribute('aria-hidden', 'true');
    mark.title = t('required');
    node.append(mark);
  }
}

/**
 * An `<a>` for an external_link field (or a privacy policy): http(s) / relative links open in a new
 * tab (a form must not navigate away from itself), tel / mailto / deep links as they are.
 */
export function linkElement(ctx: Pick<ActionContext, 'hostOrigin' | 'lang'>, field: Pick<FormField, 'label' | 'url' | 'externalLinkType'>): HTMLElement {
  const type = field.externalLinkType ?? 'url';
  const url = resolveLinkUrl(ctx, type, field.url);
  if (!url) return el('span', undefined, field.label);
  const a = el('a', 'vb-link', field.label);
  a.href = url;
  if (type === 'url' || type === 'relative_path') {
    a.target = '_blank';
    a.rel = 'noopener noreferrer';
    const note = el('span', 'vb-sr', ` ${actionStrings(ctx.lang)('opensNewTab')}`);
    a.append(note);
  }
  return a;
}

function renderField(ctx: ActionContext, field: FormField, prefix: string, t: ReturnType<typeof actionStrings>): { node: HTMLElement; control: FieldControl | null } {
  const id = `${prefix}-f${field.id}`;
  const messageId = `${id}-msg`;
  const message = el('p', 'vb-field-error');
  message.id = messageId;
  message.hidden = true;
  const required = isRequired(field);

  if (field.type === 'external_link') {
    const node = el('p', 'vb-field');
    node.append(linkElement(ctx, field));
    return { node, control: null };
  }

  if (field.type === 'radio_button') {
    const node = el('fieldset', 'vb-field');
    node.setAttribute('data-field', field.name);
    const legend = el('legend');
    legend.id = `${id}-legend`;
    labelContent(legend, field, t);
    node.append(legend);
    // A radio group's required state and description belong on the group (ARIA radiogroup).
    node.setAttribute('role', 'radiogroup');
    node.setAttribute('aria-labelledby', legend.id);
    node.setAttribute('aria-describedby', messageId);
    if (required) node.setAttribute('aria-required', 'true');
    const inputs: HTMLInputElement[] = [];
    for (const option of field.options ?? []) {
      const label = el('label', 'vb-choice');
      const input = el('input');
      input.type = 'radio';
      input.name = `${id}-radio`;
      input.value = String(option.id);
      input.id = `${id}-o${option.id}`;
      label.htmlFor = input.id;
      label.append(input, el('span', undefined, option.label));
      node.append(label);
      inputs.push(input);
    }
    node.append(message);
    const control: FieldControl = {
      field,
      focusTarget: inputs.find((i) => i.checked) ?? inputs[0] ?? node,
      inputs,
      message,
      read: () => inputs.find((i) => i.checked)?.value,
    };
    return { node, control };
  }

  if (field.type === 'general_checkbox') {
    const node = el('div', 'vb-field');
    node.setAttribute('data-field', field.name);
    const label = el('label', 'vb-choice');
    const input = el('input');
    input.type = 'checkbox';
    input.id = id;
    input.name = field.name;
    label.htmlFor = id;
    if (required) {
      input.required = true;
      input.setAttribute('aria-required', 'true');
    }
    input.setAttribute('aria-describedby', messageId);
    const text = el('span');
    labelContent(text, field, t);
    label.append(input, text);
    node.append(label, message);
    return { node, control: { field, focusTarget: input, inputs: [input], message, read: () => input.checked } };
  }

  const node = el('div', 'vb-field');
  node.setAttribute('data-field', field.name);
  const label = el('label');
  label.htmlFor = id;
  labelContent(label, field, t);
  let input: HTMLInputElement | HTMLTextAreaElement;
  if (field.type === 'textarea') {
    input = el('textarea', 'vb-input');
    input.rows = 4;
    input.maxLength = 5000;
  } else {
    const i = el('input', 'vb-input');
    i.type = field.type === 'email' ? 'email' : 'text';
    if (field.type === 'postal_code_fi') {
      i.inputMode = 'numeric';
      i.maxLength = 5;
      i.pattern = '[0-9]{5}';
    } else {
      i.maxLength = field.type === 'email' ? 320 : 1000;
    }
    input = i;
  }
  input.id = id;
  input.name = field.name;
  input.autocomplete = autocompleteFor(field) as AutoFill;
  if (required) {
    input.required = true;
    input.setAttribute('aria-required', 'true');
  }
  input.setAttribute('aria-describedby', messageId);
  node.append(label, input, message);
  const control: FieldControl = { field, focusTarget: input, inputs: [input] as HTMLInputElement[], message, read: () => input.value };
  return { node, control };
}

function setMessage(control: FieldControl, text: string | null): void {
  control.message.textContent = text ?? '';
  control.message.hidden = text === null;
  for (const input of control.inputs) {
    if (text === null) input.removeAttribute('aria-invalid');
    else input.setAttribute('aria-invalid', 'true');
  }
}

/**
 * Mounts the form of `action` into `ctx.layer` and focuses its first field (its heading when it has
 * none). `done({ type: 'submitted', submissionId })` once the server stored it (201, or 200 for a
 * retried id) — or at once in a preview —, `done({ type: 'cancelled' })` on Close / Escape.
 */
export const mountForm: MountForm = (ctx, action, done) => {
  const t = actionStrings(ctx.lang);
  const prefix = uniquePrefix();
  const aborter = new AbortController();
  let finished = false;
  const finish = (outcome: Parameters<typeof done>[0]): void => {
    if (finished) return;
    finished = true;
    done(outcome);
  };

  const { root, heading } = panel({ title: action.name, className: 'vb-form-view', closeLabel: t('closeForm'), onClose: () => finish({ type: 'cancelled' }) });
  if (action.description) root.append(el('p', 'vb-action-text', action.description));

  const form = el('form', 'vb-form');
  form.noValidate = true;
  form.setAttribute('aria-labelledby', heading.id);
  const fields = (action.fields ?? []).filter((f) => !f.showAfterSubmit);
  const controls: FieldControl[] = [];
  if (fields.some((f) => isRequired(f) && f.type !== 'radio_button')) form.append(el('p', 'vb-note', t('requiredNote')));
  for (const field of fields) {
    const { node, control } = renderField(ctx, field, prefix, t);
    form.append(node);
    if (control) controls.push(control);
  }
  const policy = action.customPrivacyPolicy;
  if (policy?.enabled && policy.url) {
    const note = el('p', 'vb-note');
    const [before, after] = t('privacyNote').split('{link}');
    note.append(before ?? '', linkElement(ctx, { label: t('privacy'), url: policy.url, externalLinkType: 'url' }), after ?? '');
    form.append(note);
  }
  const alert = el('p', 'vb-alert');
  alert.setAttribute('role', 'alert');
  alert.hidden = true;
  const status = el('p', 'vb-status vb-sr');
  status.setAttribute('role', 'status');
  const submit = el('button', 'vb-submit', t('send'));
  submit.type = 'submit';
  form.append(alert, submit, status);
  root.append(form);

  /** One id for this fill: every retry sends it again. */
  const submissionId = ctx.preview ? `preview-${newSubmissionId()}` : newSubmissionId();
  let attempted = false;
  let sending = false;

  const validate = (): FieldControl[] => {
    const invalid: FieldControl[] = [];
    for (const control of controls) {
      const issue = fieldValueIssue(control.field, control.read());
      setMessage(control, issue ? t(issueKey(control.field, issue)) : null);
      if (issue) invalid.push(control);
    }
    return invalid;
  };
  const values = (): SubmissionBody['values'] => {
    const out: SubmissionBody['values'] = {};
    for (const control of controls) {
      const value = control.read();
      if (value === undefined) continue;
      out[control.field.name] = typeof value === 'string' ? value.trim() : value;
    }
    return out;
  };
  const setSending = (on: boolean): void => {
    sending = on;
    submit.textContent = on ? t('sending') : alert.hidden ? t('send') : t('retry');
    if (on) submit.setAttribute('aria-disabled', 'true');
    else submit.removeAttribute('aria-disabled');
    form.setAttribute('aria-busy', String(on));
    status.textContent = on ? t('sending') : '';
  };
  const showAlert = (text: string | null): void => {
    alert.textContent = text ?? '';
    alert.hidden = text === null;
  };

  // After the first attempt, messages follow the viewer's edits.
  const recheck = (event: Event): void => {
    if (!attempted) return;
    const control = controls.find((c) => (c.inputs as HTMLElement[]).includes(event.target as HTMLElement));
    if (!control) return;
    const issue = fieldValueIssue(control.field, control.read());
    setMessage(control, issue ? t(issueKey(control.field, issue)) : null);
  };
  form.addEventListener('input', recheck);
  form.addEventListener('change', recheck);

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    if (sending || finished) return;
    attempted = true;
    const invalid = validate();
    if (invalid.length) {
      showAlert(t('fixErrors'));
      invalid[0]!.focusTarget.focus();
      return;
    }
    showAlert(null);
    if (ctx.preview) {
      status.textContent = t('previewNote');
      finish({ type: 'submitted', submissionId });
      return;
    }
    setSending(true);
    const body: SubmissionBody = { submissionId, revisionId: ctx.revisionId, actionId: action.id, values: values(), lang: ctx.lang };
    sendSubmission(ctx, body, aborter.signal).then(
      (result) => {
        if (finished) return;
        if (result.ok) {
          setSending(false);
          finish({ type: 'submitted', submissionId: result.submissionId });
          return;
        }
        if (result.kind === 'fields') {
          let first: FieldControl | undefined;
          for (const control of controls) {
            const serverMessage = result.errors[control.field.name];
            if (serverMessage === undefined) continue;
            // The server's rule matched: show the viewer's language when the same rule fails here too.
            const issue = fieldValueIssue(control.field, control.read());
            setMessage(control, issue ? t(issueKey(control.field, issue)) : serverMessage);
            first ??= control;
          }
          showAlert(t('fixErrors'));
          setSending(false);
          first?.focusTarget.focus();
          return;
        }
        showAlert(result.kind === 'network' ? t('networkError') : t('serverError'));
        setSending(false);
        submit.focus();
      },
      () => undefined, // aborted: the view is gone
    );
  });

  ctx.layer.append(root);
  (controls[0]?.focusTarget ?? heading).focus();

  const view: ActionView = {
    destroy() {
      finished = true;
      aborter.abort();
      root.remove();
    },
  };
  return view;
};
