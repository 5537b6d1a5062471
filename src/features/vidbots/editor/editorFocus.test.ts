/** Focus back to the edited item's card (editorFocus.ts; issue 11 architecture §6). */
import { afterEach, describe, expect, it } from 'vitest';
import { findCard, focusCardWhenShown } from './editorFocus';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('findCard', () => {
  it('prefers the link that opens the item’s editor', () => {
    document.body.innerHTML = `<ul><li data-slide-id="3"><button>Menu</button><a href="/dashboard/demo/vidbots/1/slide/3">Open</a></li>
      <li><a href="/dashboard/demo/vidbots/1/slide/13">Other</a></li></ul>`;
    expect(findCard(document, { segment: 'slide', id: 3 })?.textContent).toBe('Open');
    expect(findCard(document, { segment: 'slide', id: 13 })?.textContent).toBe('Other');
  });

  it('falls back to the card marked with the item id (its first control, or the card)', () => {
    document.body.innerHTML = `<div data-slide-id="4"><button>Edit</button></div><div data-action-id="5"><span>x</span></div>`;
    expect(findCard(document, { segment: 'slide', id: 4 })?.textContent).toBe('Edit');
    expect(findCard(document, { segment: 'form', id: 5 })?.getAttribute('data-action-id')).toBe('5');
    expect(findCard(document, { segment: 'slide', id: 9 })).toBeNull();
    expect(findCard(document, { segment: 'slide', id: null })).toBeNull();
  });
});

describe('focusCardWhenShown', () => {
  it('focuses the card once it appears', async () => {
    focusCardWhenShown({ segment: 'slide', id: 2 });
    setTimeout(() => {
      document.body.innerHTML = `<a href="/x/slide/2">Card</a>`;
    }, 30);
    await expect.poll(() => document.activeElement?.textContent, { timeout: 1000 }).toBe('Card');
  });

  it('focuses the active editor tab for a deleted item', async () => {
    document.body.innerHTML = `<nav class="editor-tabs"><a href="/c" aria-current="page">Content</a></nav>`;
    focusCardWhenShown({ segment: 'slide', id: null });
    await expect.poll(() => document.activeElement?.textContent, { timeout: 1000 }).toBe('Content');
  });
});
