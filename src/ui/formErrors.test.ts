/** Server answers in a TanStack form (issue 14): 422 field messages on fields, cleared before a new attempt. */
import { describe, expect, it, vi } from 'vitest';
import { FieldApi, FormApi } from '@tanstack/form-core';
import { HttpError } from '../api/client';
import { clearServerErrors, firstError, formServerError, showServerErrors, submitForm } from './formErrors';

function makeForm(onSubmit: () => void) {
  const form = new FormApi({ defaultValues: { email: 'a@example.org', userIds: '' }, onSubmit });
  form.mount();
  const email = new FieldApi({ form, name: 'email' });
  email.mount();
  const userIds = new FieldApi({ form, name: 'userIds' });
  userIds.mount();
  return { form, email, userIds };
}

describe('formErrors', () => {
  it('puts each 422 field message on its field (renamed where asked) and the detail on the form, keeping the values', () => {
    const { form, email, userIds } = makeForm(() => undefined);
    const error = new HttpError(422, 'Unprocessable Entity', { detail: 'Validation failed', errors: { email: 'Taken', user_ids: 'Bad id' } });
    expect(showServerErrors(form, error, 'fallback', { user_ids: 'userIds' })).toBe('Validation failed');
    expect(firstError(email.state.meta.errors)).toBe('Taken');
    expect(firstError(userIds.state.meta.errors)).toBe('Bad id');
    expect(formServerError(form.state.errorMap)).toBe('Validation failed');
    expect(form.state.values.email).toBe('a@example.org');
    clearServerErrors(form);
    expect(email.state.meta.errors).toEqual([]);
    expect(formServerError(form.state.errorMap)).toBeUndefined();
  });

  it('uses the fallback for an error without a detail', () => {
    const { form } = makeForm(() => undefined);
    expect(showServerErrors(form, 'boom', 'An error occurred')).toBe('An error occurred');
  });

  it('submitForm lets a new attempt through after a failed one', async () => {
    const onSubmit = vi.fn();
    const { form } = makeForm(onSubmit);
    showServerErrors(form, new HttpError(422, 'Unprocessable Entity', { errors: { email: 'Taken' } }), 'x');
    await form.handleSubmit();
    expect(onSubmit).not.toHaveBeenCalled();
    await submitForm(form);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('firstError reads strings, issues and issue lists', () => {
    expect(firstError([undefined, 'a'])).toBe('a');
    expect(firstError([{ message: 'b' }])).toBe('b');
    expect(firstError([[{ message: 'c' }]])).toBe('c');
    expect(firstError([])).toBeUndefined();
  });
});
