/**
 * The browser's memory of unfinished tus uploads (resume after a page reload, issue 5): records are
 * kept per URL, listed per account, forgotten, and malformed storage reads as empty.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import type { StoredUpload } from '../../../machines/upload/upload.actors';
import { RESUME_STORAGE_KEY, forgetStoredUpload, listStoredUploads, rememberStoredUpload } from './resumeStore';

const upload = (over: Partial<StoredUpload> = {}): StoredUpload => ({
  uploadUrl: 'http://localhost/api/media/tus/a1',
  mediaId: 41,
  accountId: 1,
  kind: 'SlideVideo',
  replaces: null,
  name: 'intro.mp4',
  size: 1000,
  type: 'video/mp4',
  lastModified: 1_700_000_000_000,
  ...over,
});

describe('resumeStore', () => {
  beforeEach(() => localStorage.clear());

  it('remembers per URL (a later record of the same URL replaces it) and lists per account', () => {
    rememberStoredUpload(upload({ mediaId: null }));
    rememberStoredUpload(upload());
    rememberStoredUpload(upload({ uploadUrl: 'http://localhost/api/media/tus/b2', accountId: 2 }));
    expect(listStoredUploads(1)).toEqual([upload()]);
    expect(listStoredUploads(2).map((u) => u.uploadUrl)).toEqual(['http://localhost/api/media/tus/b2']);
  });

  it('forgets by URL and removes the key when empty', () => {
    rememberStoredUpload(upload());
    forgetStoredUpload('http://localhost/api/media/tus/other');
    expect(listStoredUploads(1)).toHaveLength(1);
    forgetStoredUpload(upload().uploadUrl);
    expect(listStoredUploads(1)).toEqual([]);
    expect(localStorage.getItem(RESUME_STORAGE_KEY)).toBeNull();
  });

  it('reads malformed storage as empty', () => {
    localStorage.setItem(RESUME_STORAGE_KEY, '{not json');
    expect(listStoredUploads(1)).toEqual([]);
    localStorage.setItem(RESUME_STORAGE_KEY, JSON.stringify([{ uploadUrl: 'x', accountId: 'one' }]));
    expect(listStoredUploads(1)).toEqual([]);
  });
});
