/** Which navigations the unsaved-changes prompt covers: leaving the editor, not its own tabs and sub-routes. */
import { describe, expect, it } from 'vitest';
import { isInsideEditor } from './EditorLayout';

describe('isInsideEditor', () => {
  const editor = '/dashboard/demo/vidbots/12';
  it('is true for the editor, its tabs and content sub-routes', () => {
    expect(isInsideEditor('/dashboard/demo/vidbots/12', editor)).toBe(true);
    expect(isInsideEditor('/dashboard/demo/vidbots/12/', editor)).toBe(true);
    expect(isInsideEditor('/dashboard/demo/vidbots/12/settings', editor)).toBe(true);
    expect(isInsideEditor('/dashboard/demo/vidbots/12/slide/new', editor)).toBe(true);
  });
  it('is false for the list, another bot (also one whose id starts the same) and other pages', () => {
    expect(isInsideEditor('/dashboard/demo/vidbots', editor)).toBe(false);
    expect(isInsideEditor('/dashboard/demo/vidbots/123', editor)).toBe(false);
    expect(isInsideEditor('/dashboard/demo/vidbots/1', editor)).toBe(false);
    expect(isInsideEditor('/dashboard/demo/media', editor)).toBe(false);
  });
});

describe('the share tab is told apart from the share-media editor (only the share tab stays usable read-only)', () => {
  const share = '/dashboard/demo/vidbots/12/share';
  it('matches the share tab and its sub-tabs, not share-media', () => {
    expect(isInsideEditor('/dashboard/demo/vidbots/12/share', share)).toBe(true);
    expect(isInsideEditor('/dashboard/demo/vidbots/12/share/iframe', share)).toBe(true);
    expect(isInsideEditor('/dashboard/demo/vidbots/12/share-media/4', share)).toBe(false);
    expect(isInsideEditor('/dashboard/demo/vidbots/12/settings', share)).toBe(false);
  });
});
