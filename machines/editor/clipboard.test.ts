import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { Content, contentIssues as serverContentIssues, toStoredContent } from '../../server/src/modules/bot/bot.schemas';
import {
  CLIPBOARD_STORAGE_KEY,
  canPaste,
  clearClipboard,
  copyAction,
  copySlide,
  pasteClipboard,
  readClipboard,
  writeClipboard,
  type Clipboard,
  type ClipboardStorage,
} from './clipboard';
import { deletedButtons, nextContentId, type OpsContent } from './content.ops';
import { btn, closeVidbot, form, link, postMessage, slide } from './content.fixtures';

/**
 * Everything the server refuses in an editor document (spec 001 §4, §5): the strict `Content` schema's
 * issues, else the cross-field rules (`contentIssues`) over the parsed document, as field path → message.
 */
function contentIssues(content: OpsContent): Record<string, string> {
  const parsed = v.safeParse(Content, content);
  if (!parsed.success) return Object.fromEntries(parsed.issues.map((i) => [v.getDotPath(i) ?? '', i.message]));
  return serverContentIssues(toStoredContent(parsed.output));
}

/**
 * Source bot 7: intro 1 → 2 → 3 (loop back to 1 from 3); 2 → form 10 (thank-you page → slide 4);
 * 4 → link 11; slide 5 is unrelated; action 12 unrelated.
 */
function source(): OpsContent {
  return {
    slides: [
      slide(1, 'Intro', { category: 'INTRO', options: [btn(1, 'SLIDE', 2)] }),
      slide(2, 'Two', {
        options: [btn(1, 'SLIDE', 3), btn(2, 'REGULAR_FORM', 10)],
      }),
      slide(3, 'Three', { options: [btn(1, 'SLIDE', 1)] }),
      slide(4, 'Thanks', {
        type: 'IMAGE',
        videoId: null,
        imageId: 44,
        options: [btn(1, 'EXTERNAL_LINK', 11)],
      }),
      slide(5, 'Unrelated'),
    ],
    actions: [
      form(10, 'Form', {
        fields: [{ id: 1, name: 'email', type: 'email', label: 'Email' }],
        thankYouPage: { type: 'CUSTOM', buttonType: 'SLIDE', slideId: 4 },
      }),
      link(11, 'Site'),
      closeVidbot(12, 'Close'),
    ],
  };
}

/** Target bot 8: intro 1 → 2; action 3. */
function target(): OpsContent {
  return {
    slides: [slide(1, 'Hello', { category: 'INTRO', options: [btn(1, 'SLIDE', 2)] }), slide(2, 'World')],
    actions: [postMessage(3, 'Ping', { value: 'x' })],
    theme: { textColor: '#fff' },
  };
}

const bot7 = { id: 7, name: 'Source bot' };

function memoryStorage(initial: Record<string, string> = {}): ClipboardStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (k) => data[k] ?? null,
    setItem: (k, v) => {
      data[k] = v;
    },
    removeItem: (k) => {
      delete data[k];
    },
  };
}

function copied(result: ReturnType<typeof copySlide> | ReturnType<typeof copyAction>): Clipboard {
  if (result.error !== undefined) throw new Error(result.error);
  return result.clipboard;
}

describe('copy (spec 001 §3 Clipboard)', () => {
  it('a slide carries every slide and action it references transitively, not the unrelated ones', () => {
    const clip = copied(copySlide(source(), 2, bot7));
    expect(clip).toMatchObject({
      type: 'slide',
      sourceBotId: 7,
      sourceBotName: 'Source bot',
      data: { id: 2, name: 'Two' },
    });
    expect(clip.slides?.map((s) => s.id)).toEqual([1, 3, 4]);
    expect(clip.actions?.map((a) => a.id)).toEqual([10, 11]);
  });

  it('a slide without buttons carries nothing else', () => {
    const clip = copied(copySlide(source(), 5, bot7));
    expect(clip.slides).toEqual([]);
    expect(clip.actions).toEqual([]);
  });

  it('an action carries its thank-you slide and what that slide references', () => {
    const clip = copied(copyAction(source(), 10, bot7));
    expect(clip).toMatchObject({
      type: 'action',
      data: { id: 10, name: 'Form' },
    });
    expect(clip.slides?.map((s) => s.id)).toEqual([4]);
    expect(clip.actions?.map((a) => a.id)).toEqual([11]);
  });

  it('the entry is a deep copy (later edits of the source do not change it)', () => {
    const src = source();
    const clip = copied(copySlide(src, 2, bot7));
    src.slides[1]!.options[0]!.name = 'changed';
    const srcForm = src.actions[0]!;
    if (srcForm.type !== 'REGULAR_FORM' || clip.type !== 'slide') throw new Error('fixture');
    srcForm.fields[0]!.label = 'changed';
    expect(clip.data.options[0]!.name).toBe('b1');
    const clipForm = clip.actions![0]!;
    expect(clipForm.type === 'REGULAR_FORM' && clipForm.fields[0]!.label).toBe('Email');
  });

  it.each([
    ['slide', () => copySlide(source(), 99, bot7), 'unknownSlide'],
    ['action', () => copyAction(source(), 99, bot7), 'unknownAction'],
  ] as const)('refuses an unknown %s', (_n, run, error) => {
    expect(run().error).toBe(error);
  });
});

describe('paste (spec 001 §4 "new ids and remaps button targets")', () => {
  it('adds the slide and everything it carries with new ids and remapped targets; the result passes the server rules', () => {
    const clip = copied(copySlide(source(), 2, bot7));
    const result = pasteClipboard(target(), clip);
    if (result.error !== undefined) throw new Error(result.error);
    const { content, id, slideIds, actionIds, dropped } = result;
    // Target's next id is 4: the root slide first, then the carried slides in order, then the actions.
    expect(id).toBe(4);
    expect(slideIds).toEqual([4, 5, 6, 7]); // 2→4, 1→5, 3→6, 4→7
    expect(actionIds).toEqual([8, 9]); // 10→8, 11→9
    expect(dropped).toEqual([]);
    const byId = new Map(content.slides.map((s) => [s.id, s]));
    expect(byId.get(4)!.options).toEqual([{ ...btn(1, 'SLIDE', 6) }, { ...btn(2, 'REGULAR_FORM', 8) }]);
    expect(byId.get(5)).toMatchObject({
      name: 'Intro',
      category: 'SLIDE',
      options: [btn(1, 'SLIDE', 4)],
      isNew: true,
    });
    expect(byId.get(6)!.options).toEqual([btn(1, 'SLIDE', 5)]);
    expect(byId.get(7)).toMatchObject({
      name: 'Thanks',
      imageId: 44,
      options: [btn(1, 'EXTERNAL_LINK', 9)],
    });
    const form = content.actions.find((a) => a.id === 8)!;
    expect(form).toMatchObject({
      name: 'Form',
      type: 'REGULAR_FORM',
      thankYouPage: { type: 'CUSTOM', buttonType: 'SLIDE', slideId: 7 },
      isNew: true,
    });
    // The target's own content is untouched and first; theme kept.
    expect(content.slides.slice(0, 2)).toEqual(target().slides);
    expect(content.actions[0]).toEqual(target().actions[0]);
    expect(content.theme).toEqual({ textColor: '#fff' });
    expect(content.slides.filter((s) => s.category === 'INTRO').map((s) => s.id)).toEqual([1]);
    expect(contentIssues(content)).toEqual({});
    expect(deletedButtons(content)).toEqual([]);
  });

  it('pasting an action gives the action the next id and remaps its slide references', () => {
    const result = pasteClipboard(target(), copied(copyAction(source(), 10, bot7)));
    if (result.error !== undefined) throw new Error(result.error);
    expect(result.id).toBe(4);
    expect(result.actionIds).toEqual([4, 6]);
    expect(result.slideIds).toEqual([5]);
    expect(result.content.actions.find((a) => a.id === 4)).toMatchObject({ thankYouPage: { type: 'CUSTOM', buttonType: 'SLIDE', slideId: 5 } });
    expect(result.content.slides.find((s) => s.id === 5)!.options).toEqual([btn(1, 'EXTERNAL_LINK', 6)]);
    expect(contentIssues(result.content)).toEqual({});
  });

  it('targets outside the clipboard are dropped and reported (a hand-made or stale entry)', () => {
    const clip: Clipboard = {
      type: 'slide',
      sourceBotId: 7,
      sourceBotName: 'Source bot',
      data: slide(2, 'Two', {
        options: [btn(1, 'SLIDE', 3), btn(2, 'SLIDE', 9), btn(3, 'POST_MESSAGE', 10), btn(4, 'CLOSE_VIDBOT', null)],
      }),
      slides: [slide(3, 'Three')],
      actions: [form(10, 'Form', { button: { type: 'SLIDE', slideId: 9 } })],
    };
    const result = pasteClipboard(target(), clip);
    if (result.error !== undefined) throw new Error(result.error);
    expect(result.dropped).toEqual([
      { kind: 'button', ownerId: 4, ref: 2, targetId: 9 },
      // Action 10 is a REGULAR_FORM, the button claims POST_MESSAGE: not the same target.
      { kind: 'button', ownerId: 4, ref: 3, targetId: 10 },
      { kind: 'button', ownerId: 4, ref: 4, targetId: null },
      { kind: 'action', ownerId: 6, ref: 'button', targetId: 9 },
    ]);
    expect(result.content.slides.find((s) => s.id === 4)!.options).toEqual([btn(1, 'SLIDE', 5)]);
    // A SLIDE button needs a slide (schema): the dropped one falls back to the §9 default "close form".
    expect(result.content.actions.find((a) => a.id === 6)).toMatchObject({ button: { type: 'CLOSE_FORM', slideId: null } });
    expect(deletedButtons(result.content)).toEqual([]);
    expect(contentIssues(result.content)).toEqual({});
  });

  it('into an empty bot the pasted slide becomes the INTRO; the others stay SLIDE', () => {
    const empty: OpsContent = { slides: [], actions: [] };
    const result = pasteClipboard(empty, copied(copySlide(source(), 3, bot7)));
    if (result.error !== undefined) throw new Error(result.error);
    expect(result.content.slides.map((s) => [s.id, s.name, s.category])).toEqual([
      [1, 'Three', 'INTRO'],
      [2, 'Intro', 'SLIDE'],
      [3, 'Two', 'SLIDE'],
      [4, 'Thanks', 'SLIDE'],
    ]);
    expect(result.content.actions.map((a) => a.id)).toEqual([5, 6]);
    expect(contentIssues(result.content)).toEqual({});
  });

  it('pasting twice gives distinct ids and still passes the server rules', () => {
    const clip = copied(copySlide(source(), 2, bot7));
    const once = pasteClipboard(target(), clip);
    if (once.error !== undefined) throw new Error(once.error);
    const twice = pasteClipboard(once.content, clip);
    if (twice.error !== undefined) throw new Error(twice.error);
    expect(twice.id).toBe(nextContentId(once.content));
    const ids = [...twice.content.slides, ...twice.content.actions].map((x) => x.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(contentIssues(twice.content)).toEqual({});
  });

  it('refuses a paste that would exceed the slide limit', () => {
    const full: OpsContent = {
      slides: Array.from({ length: 199 }, (_, i) => slide(i + 1, `s${i}`)),
      actions: [],
    };
    expect(pasteClipboard(full, copied(copySlide(source(), 2, bot7))).error).toBe('tooManySlides');
  });

  it.each([
    ['no entry', null, 8, false],
    ['the same bot', { sourceBotId: 8 }, 8, false],
    ['a different bot', { sourceBotId: 7 }, 8, true],
  ] as const)('canPaste: %s', (_n, clip, botId, expected) => {
    expect(canPaste(clip as Clipboard | null, botId)).toBe(expected);
  });
});

describe('storage (localStorage key vidbotClipboard)', () => {
  it('writes under vidbotClipboard and reads the same entry back', () => {
    const storage = memoryStorage();
    const clip = copied(copySlide(source(), 2, bot7));
    expect(writeClipboard(storage, clip)).toBe(true);
    expect(Object.keys(storage.data)).toEqual([CLIPBOARD_STORAGE_KEY]);
    expect(CLIPBOARD_STORAGE_KEY).toBe('vidbotClipboard');
    expect(readClipboard(storage)).toEqual(clip);
    clearClipboard(storage);
    expect(readClipboard(storage)).toBeNull();
  });

  it.each([
    ['nothing stored', undefined],
    ['not JSON', '{oops'],
    ['JSON null', 'null'],
    [
      'an unknown type',
      JSON.stringify({
        type: 'tag',
        data: {},
        sourceBotId: 1,
        sourceBotName: 'x',
      }),
    ],
    [
      'a slide without an id',
      JSON.stringify({
        type: 'slide',
        data: { name: 'x', category: 'SLIDE', type: 'VIDEO' },
        sourceBotId: 1,
        sourceBotName: 'x',
      }),
    ],
    [
      'a button of an unknown type',
      JSON.stringify({
        type: 'slide',
        data: {
          ...slide(1, 'x'),
          options: [{ id: 1, name: 'b', type: 'NOPE', targetId: 2 }],
        },
        sourceBotId: 1,
        sourceBotName: 'x',
      }),
    ],
    [
      'a missing source bot',
      JSON.stringify({
        type: 'action',
        data: { id: 1, name: 'x', type: 'CLOSE_VIDBOT' },
        sourceBotName: 'x',
      }),
    ],
    [
      'carried actions of the wrong shape',
      JSON.stringify({
        type: 'action',
        data: { id: 1, name: 'x', type: 'CLOSE_VIDBOT' },
        sourceBotId: 1,
        sourceBotName: 'x',
        actions: [{ id: 'a' }],
      }),
    ],
    [
      'an action of an older, loose shape (the strict action schema refuses it)',
      JSON.stringify({ type: 'action', sourceBotId: 7, sourceBotName: 'x', data: { id: 1, name: 'Form', type: 'REGULAR_FORM', button: { type: 'slide' } } }),
    ],
  ])('a corrupt entry reads as empty: %s', (_n, raw) => {
    const storage = memoryStorage(raw === undefined ? {} : { [CLIPBOARD_STORAGE_KEY]: raw });
    expect(readClipboard(storage)).toBeNull();
  });

  it('a throwing or missing storage reads as empty and writes nothing', () => {
    const broken: ClipboardStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(readClipboard(broken)).toBeNull();
    expect(writeClipboard(broken, copied(copySlide(source(), 5, bot7)))).toBe(false);
    expect(() => clearClipboard(broken)).not.toThrow();
    expect(readClipboard(null)).toBeNull();
    expect(writeClipboard(undefined, copied(copySlide(source(), 5, bot7)))).toBe(false);
  });

  it('a stored entry round-trips through paste into a bot that passes the server rules', () => {
    const storage = memoryStorage();
    writeClipboard(storage, copied(copySlide(source(), 1, bot7)));
    const clip = readClipboard(storage);
    expect(canPaste(clip, 8)).toBe(true);
    const result = pasteClipboard(target(), clip!);
    if (result.error !== undefined) throw new Error(result.error);
    expect(result.slideIds).toHaveLength(4);
    expect(contentIssues(result.content)).toEqual({});
  });
});
