/**
 * When the action views show and what happens after them (issue 12 "The player": forms, thank-you
 * page, links by link type, share media; spec 001 §3 submit-button and thank-you button types). The
 * views themselves (embed/player/actions, the forms helper's) are replaced by spies here, so these
 * tests pin the player's side of the seam (actions/types.ts): what it mounts, with which context,
 * and how it reacts to each outcome, including focus moving back.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ActionContext, FormOutcome, ThankYouOutcome } from './actions/types';

const mounted = vi.hoisted(() => ({
  calls: [] as { kind: string; ctx: unknown; action: { id: number }; done: (outcome?: unknown) => void; destroyed: boolean }[],
  openResult: 'opened' as 'opened' | 'embed',
  opened: [] as { url: string }[],
}));

vi.mock('./actions', () => {
  const mount = (kind: string) => (ctx: ActionContext, action: { id: number; name: string }, done: (outcome?: unknown) => void) => {
    const entry = { kind, ctx, action, done, destroyed: false };
    mounted.calls.push(entry);
    const field = document.createElement('button');
    field.textContent = `${kind} ${action.name}`;
    ctx.layer.append(field);
    field.focus();
    return {
      destroy: () => {
        entry.destroyed = true;
        field.remove();
      },
    };
  };
  return {
    mountForm: mount('form'),
    mountThankYou: mount('thankYou'),
    mountEmbeddedLink: mount('link'),
    mountShareMedia: mount('shareMedia'),
    actionsCss: '.vb-action { outline: 3px solid rgb(1, 2, 3); }',
    openExternalLink: (_ctx: ActionContext, action: { url: string }) => {
      mounted.opened.push(action);
      return mounted.openResult;
    },
  };
});

const { mountPlayer } = await import('./index');
const { loadActionViews } = await import('./player');
const { tourBot } = await import('../../machines/player/player.paths');
type Handle = ReturnType<typeof mountPlayer>;
type Event = import('./player').PlayerEvent;

let container: HTMLElement;
let handle: Handle | null = null;
let events: Event[];

// The views are a chunk of their own (loaded at mount); once here, every player mounts them at once.
beforeAll(async () => {
  await loadActionViews();
});

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  events = [];
  mounted.calls.length = 0;
  mounted.opened.length = 0;
  mounted.openResult = 'opened';
});

afterEach(() => {
  handle?.destroy();
  handle = null;
  container.remove();
});

/** Mounts the tour bot on its Hub slide (one button per action) with focus on the player. */
function atHub(options: Parameters<typeof mountPlayer>[2] = {}): ShadowRoot {
  handle = mountPlayer(container, tourBot, { lang: 'fi', startSlideId: 3, apiBase: 'https://v.example', onEvent: (e) => events.push(e), ...options });
  return handle.root;
}
const press = (root: ShadowRoot, name: string): HTMLButtonElement => {
  const b = [...root.querySelectorAll<HTMLButtonElement>('.vb-option')].find((x) => x.textContent === name)!;
  b.focus();
  b.click();
  return b;
};
const last = () => mounted.calls.at(-1)!;
const slideId = (root: ShadowRoot) => root.querySelector('[data-slide-id]')?.getAttribute('data-slide-id');

describe('forms', () => {
  it('mounts the form into the layer with the action context; CLOSE_FORM returns to the slide and focus to the button', () => {
    const root = atHub({ preview: true });
    const b = press(root, 'Form 20');
    expect(last().kind).toBe('form');
    expect(last().action.id).toBe(20);
    const ctx = last().ctx as ActionContext;
    expect(ctx).toMatchObject({ lang: 'fi', publicId: 'tour', revisionId: 1, apiBase: 'https://v.example', preview: true, hostOrigin: null, embedSize: { width: 650, height: 340 } });
    expect(root.contains(ctx.layer)).toBe(true);
    expect(ctx.layer.hidden).toBe(false);
    expect(ctx.layer.contains(root.activeElement)).toBe(true);
    last().done({ type: 'submitted', submissionId: 'sub-9' } satisfies FormOutcome);
    expect(events).toContainEqual({ type: 'form.submitted', actionId: 20, submissionId: 'sub-9' });
    expect(mounted.calls[0]!.destroyed).toBe(true);
    expect(ctx.layer.hidden).toBe(true);
    expect(slideId(root)).toBe('3');
    expect(root.activeElement).toBe(b);
  });

  it('THANK_YOU_PAGE mounts the thank-you page; its SLIDE button enters that slide', () => {
    const root = atHub();
    press(root, 'Form 21');
    last().done({ type: 'submitted', submissionId: 's' });
    expect(last().kind).toBe('thankYou');
    expect(last().action.id).toBe(21);
    last().done({ type: 'button' } satisfies ThankYouOutcome);
    expect(slideId(root)).toBe('2');
    expect(events.filter((e) => e.type === 'slide.enter').at(-1)).toMatchObject({ from: 3, to: 2 });
  });

  it('CLOSE_VIDBOT after submit closes the vidbot', () => {
    const root = atHub();
    press(root, 'Form 22');
    last().done({ type: 'submitted', submissionId: 's' });
    expect(events.at(-1)).toMatchObject({ type: 'closed' });
    expect(root.querySelector('[data-control="restart"]')).not.toBeNull();
  });

  it('a thank-you EXTERNAL_LINK of type new_tab opens it (openExternalLink) and returns to the slide', () => {
    const root = atHub();
    press(root, 'Form 26');
    last().done({ type: 'submitted', submissionId: 's' });
    last().done({ type: 'button' });
    expect(mounted.opened).toEqual([expect.objectContaining({ url: 'https://example.com/tab', linkType: 'new_tab' })]);
    expect(slideId(root)).toBe('3');
    expect(root.querySelector<HTMLElement>('.vb-layer')!.hidden).toBe(true);
  });

  it('a thank-you EXTERNAL_LINK of type embed mounts the embedded link', () => {
    atHub();
    press(handle!.root, 'Form 25');
    last().done({ type: 'submitted', submissionId: 's' });
    last().done({ type: 'button' });
    expect(last().kind).toBe('link');
    expect((last().action as unknown as { url: string }).url).toBe('https://example.com/embed');
  });
});

describe('links and share media', () => {
  it('an embed link button mounts the embedded link view; done returns to the slide', () => {
    const root = atHub();
    press(root, 'Embed');
    expect(last().kind).toBe('link');
    expect(mounted.opened).toEqual([]);
    last().done();
    expect(root.querySelector<HTMLElement>('.vb-layer')!.hidden).toBe(true);
  });

  it('a new_tab link goes through openExternalLink; when it answers embed, the player embeds it', () => {
    mounted.openResult = 'embed';
    const root = atHub();
    press(root, 'Open');
    expect(mounted.opened).toHaveLength(1);
    expect(events).toContainEqual({ type: 'link.open', url: 'https://example.com/', linkType: 'new_tab', externalLinkType: 'url' });
    expect(last().kind).toBe('link');
    last().done();
    expect(slideId(root)).toBe('3');
  });

  it('share media mounts its view; done follows its button (THANK_YOU_PAGE → thank-you page with the share action)', () => {
    atHub();
    press(handle!.root, 'Share 33');
    expect(last().kind).toBe('shareMedia');
    last().done();
    expect(last().kind).toBe('thankYou');
    expect(last().action.id).toBe(33);
  });

  it('close from the host while a view is open destroys it', () => {
    atHub();
    press(handle!.root, 'Form 20');
    handle!.close();
    expect(last().destroyed).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'closed' });
  });
});

describe('the action views chunk', () => {
  it('its stylesheet is adopted by the shadow root, between the player sheet and the custom CSS', () => {
    handle = mountPlayer(container, { ...tourBot, customCss: '.vb-player { color: red; }' }, { startSlideId: 3 });
    const texts = handle.root.adoptedStyleSheets.map((s) => [...s.cssRules].map((r) => r.cssText).join(' '));
    expect(texts).toHaveLength(3);
    expect(texts[0]).toContain('.vb-player');
    expect(texts[1]).toContain('rgb(1, 2, 3)');
    expect(texts[2]).toContain('red');
  });

  it('passes the host origin and the embed size from the options into the action context', () => {
    const root = atHub({ hostOrigin: 'https://customer.example', embedSize: { width: 320, height: 200 } });
    press(root, 'Form 20');
    expect(last().ctx).toMatchObject({ hostOrigin: 'https://customer.example', embedSize: { width: 320, height: 200 } });
  });

  it('a button pressed before the chunk arrived mounts its view once it is here', async () => {
    vi.resetModules();
    const fresh = await import('./player');
    handle = fresh.mountPlayer(container, tourBot, { startSlideId: 3, onEvent: (e) => events.push(e) });
    const root = handle.root;
    // The chunk is still on its way: the press is remembered, nothing is mounted yet.
    const calls = mounted.calls.length;
    press(root, 'Form 20');
    expect(mounted.calls.length).toBe(calls);
    await fresh.loadActionViews();
    await Promise.resolve();
    expect(last().kind).toBe('form');
    expect(last().action.id).toBe(20);
    expect(root.querySelector<HTMLElement>('.vb-layer')!.hidden).toBe(false);
  });
});
