/** The sub-editor routes of the content tab (issue 11 architecture §2; spec 001 §2 content sub-routes). */
import { describe, expect, it } from 'vitest';
import { actionEditorPath, slideEditorPath } from './itemRoutes';

describe('item editor routes', () => {
  it('slides: slide/{id}, a new one slide/new?type=…', () => {
    expect(slideEditorPath('demo', 4, 2)).toBe('/dashboard/demo/vidbots/4/slide/2');
    expect(slideEditorPath('demo', 4, 'new', 'IMAGE')).toBe('/dashboard/demo/vidbots/4/slide/new?type=IMAGE');
  });

  it('each action type has its own sub-route', () => {
    expect(actionEditorPath('demo', 4, 'REGULAR_FORM', 'new')).toBe('/dashboard/demo/vidbots/4/form/new');
    expect(actionEditorPath('demo', 4, 'EXTERNAL_LINK', 6)).toBe('/dashboard/demo/vidbots/4/link/6');
    expect(actionEditorPath('demo', 4, 'POST_MESSAGE', 7)).toBe('/dashboard/demo/vidbots/4/action/7');
    expect(actionEditorPath('demo', 4, 'CLOSE_VIDBOT', 8)).toBe('/dashboard/demo/vidbots/4/close-action/8');
    expect(actionEditorPath('demo', 4, 'SHARE_MEDIA', 9)).toBe('/dashboard/demo/vidbots/4/share-media/9');
  });
});
