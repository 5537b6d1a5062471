import { describe, expect, it } from 'vitest';
import { initialEditorState, reduceEditor, slideNameFromMedia, unreachableSlides, type EditorAction, type EditorState } from './editor.reducer';

const video = { id: 3, name: 'intro.mp4', url: '/files/v.mp4', thumbnailUrl: '/files/v.jpg', duration: 12 };
const image = { id: 4, name: 'pricing.png', url: '/files/p.png', thumbnailUrl: null, duration: null };

function run(actions: EditorAction[], start: EditorState = initialEditorState({ slides: [], actions: [], settings: {} as never })) {
  let state = start;
  const errors = [];
  for (const action of actions) {
    const result = reduceEditor(state, action);
    state = result.state;
    errors.push(result.error);
  }
  return { state, errors };
}

describe('editor reducer (spec 001 §4 slides)', () => {
  it('adds a video INTRO then an image slide with ids from 1, and links them with a SLIDE button', () => {
    const { state, errors } = run([
      { type: 'slide.add', slideType: 'VIDEO', media: video },
      { type: 'slide.add', slideType: 'IMAGE', media: image },
      { type: 'button.add', slideId: 1, name: ' See pricing ', targetId: 2 },
    ]);
    expect(errors).toEqual([null, null, null]);
    expect(state.dirty).toBe(true);
    const [first, second] = state.content.slides;
    expect(first).toMatchObject({ id: 1, name: 'intro', category: 'INTRO', type: 'VIDEO', videoId: 3, imageId: null });
    expect(second).toMatchObject({ id: 2, name: 'pricing', category: 'SLIDE', type: 'IMAGE', videoId: null, imageId: 4 });
    expect(first?.options).toEqual([{ id: 1, name: 'See pricing', type: 'SLIDE', targetId: 2 }]);
  });

  it('set as intro keeps exactly one INTRO and moves it to the top', () => {
    const { state } = run([
      { type: 'slide.add', slideType: 'VIDEO', media: video },
      { type: 'slide.add', slideType: 'IMAGE', media: image },
      { type: 'slide.setIntro', slideId: 2 },
    ]);
    expect(state.content.slides.map((s) => [s.id, s.category])).toEqual([[2, 'INTRO'], [1, 'SLIDE']]);
  });

  it('refuses to delete the INTRO; deleting a slide removes buttons targeting it', () => {
    const built = run([
      { type: 'slide.add', slideType: 'VIDEO', media: video },
      { type: 'slide.add', slideType: 'IMAGE', media: image },
      { type: 'button.add', slideId: 1, name: 'Go', targetId: 2 },
    ]).state;
    expect(reduceEditor(built, { type: 'slide.delete', slideId: 1 })).toEqual({ state: built, error: 'cannotDeleteIntroSlide' });
    const after = reduceEditor(built, { type: 'slide.delete', slideId: 2 }).state;
    expect(after.content.slides).toHaveLength(1);
    expect(after.content.slides[0]?.options).toEqual([]);
    // ids are not reused
    expect(reduceEditor(after, { type: 'slide.add', slideType: 'IMAGE', media: image }).state.content.slides[1]?.id).toBe(2);
  });

  it('validates buttons: name and target required', () => {
    const built = run([{ type: 'slide.add', slideType: 'VIDEO', media: video }]).state;
    expect(reduceEditor(built, { type: 'button.add', slideId: 1, name: '  ', targetId: 1 }).error).toBe('buttonNameRequired');
    expect(reduceEditor(built, { type: 'button.add', slideId: 1, name: 'x', targetId: null }).error).toBe('buttonTargetRequired');
    expect(reduceEditor(built, { type: 'button.add', slideId: 1, name: 'x', targetId: 9 }).error).toBe('buttonTargetRequired');
  });

  it('loading content resets dirty and puts the INTRO first', () => {
    const { state } = run([
      {
        type: 'content.loaded',
        content: {
          slides: [
            { id: 2, name: 'b', category: 'SLIDE', type: 'IMAGE', videoId: null, imageId: 1, options: [] },
            { id: 1, name: 'a', category: 'INTRO', type: 'VIDEO', videoId: 1, imageId: null, options: [] },
          ],
          actions: [],
          settings: {} as never,
        },
      },
    ]);
    expect(state.dirty).toBe(false);
    expect(state.content.slides.map((s) => s.id)).toEqual([1, 2]);
    expect(unreachableSlides(state.content).map((s) => s.id)).toEqual([2]);
  });

  it('slide names drop the file extension', () => {
    expect(slideNameFromMedia('My clip.final.mov')).toBe('My clip.final');
    expect(slideNameFromMedia('.mp4')).toBe('.mp4');
  });
});
