import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/client';
import { tagCreateErrorText } from './tag.queries';

describe('tag creation errors (spec 001 §8)', () => {
  it("shows a 400's server detail, else 'Creating tag failed'", () => {
    const dup = new HttpError(400, 'Bad Request', { detail: 'A tag named "Sales" already exists in this account.', code: 'tagExists' });
    expect(tagCreateErrorText(dup, 'Creating tag failed')).toBe('A tag named "Sales" already exists in this account.');
    expect(tagCreateErrorText(new HttpError(400, 'Bad Request', {}), 'Creating tag failed')).toBe('Creating tag failed');
    expect(tagCreateErrorText(new HttpError(422, 'Unprocessable', { detail: 'Name is required.' }), 'Creating tag failed')).toBe('Creating tag failed');
    expect(tagCreateErrorText(new HttpError(500, 'Internal', { detail: 'boom' }), 'Creating tag failed')).toBe('Creating tag failed');
    expect(tagCreateErrorText(new TypeError('Failed to fetch'), 'Creating tag failed')).toBe('Creating tag failed');
  });
});
