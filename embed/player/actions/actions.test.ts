/**
 * The player's action views in happy-dom (issue 12): the form with every field type, validation
 * messages wired for assistive technology, one submission id per fill across double clicks and
 * retries, server 422 messages on fields, previews that send nothing; the thank-you page (default
 * and custom, en and fi), the embedded link, the share media view and openExternalLink by link type.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExternalLinkAction, PublicRegularFormAction, ShareMediaAction } from '../../../server/src/modules/bot/content.rules';
import { mountEmbeddedLink, mountForm, mountShareMedia, mountThankYou, openExternalLink, actionsCss } from './index';
import { formTiming } from './submit';
import type { ActionContext, FormOutcome } from './types';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const form: PublicRegularFormAction = {
  id: 7,
  name: 'Get in touch',
  type: 'REGULAR_FORM',
  description: 'We answer within a day.',
  customPrivacyPolicy: { enabled: true, url: 'https://example.com/privacy' },
  button: { type: 'THANK_YOU_PAGE' },
  thankYouPage: { type: 'DEFAULT', buttonType: 'CLOSE_FORM', buttonName: 'Close' },
  fields: [
    { id: 1, name: 'first-name', type: 'text', label: 'First name', required: true },
    { id: 2, name: 'email', type: 'email', label: 'E-mail', required: true },
    { id: 3, name: 'message', type: 'textarea', label: 'Message', required: false },
    { id: 4, name: 'consent', type: 'general_checkbox', label: 'You may contact me', required: true },
    { id: 5, name: 'size', type: 'radio_button', label: 'Team size', options: [{ id: 1, label: 'Small' }, { id: 2, label: 'Large' }] },
    { id: 6, name: 'postal-code', type: 'postal_code_fi', label: 'Postal code', required: false },
    { id: 7, name: 'terms', type: 'external_link', label: 'Our terms', externalLinkType: 'relative_path', url: '/terms', linkType: 'new_tab' },
    { id: 8, name: 'calendar', type: 'external_link', label: 'Book a meeting', externalLinkType: 'url', url: 'https://example.com/book', linkType: 'new_tab', showAfterSubmit: true },
  ],
};

let layer: HTMLElement;
const ctx = (over: Partial<ActionContext> = {}): ActionContext => ({
  layer,
  lang: 'en',
  publicId: 'pub_1',
  revisionId: 42,
  apiBase: 'https://vidbot.example',
  preview: false,
  hostOrigin: 'https://customer.example',
  ...over,
});

const q = <T extends Element = HTMLElement>(selector: string) => layer.querySelector<T & HTMLElement>(selector)!;
const input = (name: string) => layer.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
const submit = () => q<HTMLButtonElement>('.vb-submit').click();
const flush = async () => {
  for (let i = 0; i < 10; i++) await new Promise((r) => setTimeout(r, 0));
};

function fillValid(): void {
  input('first-name').value = '  Ada ';
  input('email').value = 'ada@example.com';
  input('consent').checked = true;
  layer.querySelector<HTMLInputElement>('input[type="radio"][value="2"]')!.checked = true;
}

const okResponse = (status = 201) => new Response(JSON.stringify({ submissionId: 'x' }), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  layer = document.createElement('div');
  document.body.append(layer);
  formTiming.retryDelaysMs = [0, 0];
});
afterEach(() => {
  layer.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('mountForm', () => {
  it('renders every field type with labels, required markers, links and the privacy policy, and focuses the first field', () => {
    mountForm(ctx(), form, () => undefined);
    expect(q('h2').textContent).toBe('Get in touch');
    expect(q('.vb-action-text').textContent).toBe('We answer within a day.');
    const first = input('first-name');
    expect(layer.querySelector(`label[for="${first.id}"]`)!.textContent).toBe('First name*');
    expect(first.getAttribute('aria-required')).toBe('true');
    expect(first.autocomplete).toBe('given-name');
    expect(input('email').type).toBe('email');
    expect(layer.querySelector('textarea[name="message"]')).not.toBeNull();
    expect(layer.querySelector('textarea[name="message"]')!.getAttribute('aria-required')).toBeNull();
    expect(input('consent').type).toBe('checkbox');
    const group = q('fieldset[role="radiogroup"]');
    expect(group.querySelector('legend')!.textContent).toBe('Team size*');
    expect([...group.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['Small', 'Large']);
    expect(input('postal-code').inputMode).toBe('numeric');
    // The in-form link resolves against the host page and opens in a new tab.
    const terms = [...layer.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent?.startsWith('Our terms'))!;
    expect(terms.href).toBe('https://customer.example/terms');
    expect([terms.target, terms.rel]).toEqual(['_blank', 'noopener noreferrer']);
    const privacy = [...layer.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent?.startsWith('Privacy policy'))!;
    expect(privacy.href).toBe('https://example.com/privacy');
    // showAfterSubmit fields wait for the thank-you page.
    expect(layer.textContent).not.toContain('Book a meeting');
    expect(q('.vb-submit').textContent).toBe('Send');
    expect(document.activeElement).toBe(first);
    // Strict CSP: no inline style attributes anywhere.
    expect(layer.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('shows a message on each invalid field (aria-invalid, aria-describedby), focuses the first, sends nothing; messages follow edits', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const done = vi.fn();
    mountForm(ctx(), form, done);
    input('email').value = 'ada@example';
    input('postal-code').value = '123';
    submit();
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    expect(done).not.toHaveBeenCalled();
    const messageOf = (el: Element) => layer.querySelector<HTMLElement>(`#${el.getAttribute('aria-describedby')}`)!;
    const first = input('first-name');
    expect(first.getAttribute('aria-invalid')).toBe('true');
    expect(messageOf(first).textContent).toBe('This field is required.');
    expect(messageOf(input('email')).textContent).toBe('Enter an email address, such as name@example.com.');
    expect(messageOf(input('consent')).textContent).toBe('This box must be ticked.');
    expect(messageOf(q('fieldset')).textContent).toBe('Choose one of the options.');
    expect(messageOf(input('postal-code')).textContent).toBe('Enter a Finnish postal code of five digits, such as 00100.');
    expect(messageOf(layer.querySelector('textarea')!).hidden).toBe(true);
    expect(q('[role="alert"]').textContent).toBe('Please check the highlighted fields.');
    expect(document.activeElement).toBe(first);
    // Fixing a field clears its message.
    first.value = 'Ada';
    first.dispatchEvent(new Event('input', { bubbles: true }));
    expect(first.hasAttribute('aria-invalid')).toBe(false);
    expect(messageOf(first).hidden).toBe(true);
  });

  it('speaks Finnish', () => {
    mountForm(ctx({ lang: 'fi' }), form, () => undefined);
    submit();
    expect(layer.querySelector(`#${input('first-name').getAttribute('aria-describedby')}`)!.textContent).toBe('Tämä kenttä on pakollinen.');
    expect(q('.vb-submit').textContent).toBe('Lähetä');
  });

  it('sends once per fill: one UUID, double clicks ignored, the body the server expects', async () => {
    let release!: (r: Response) => void;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (release = resolve)));
    vi.stubGlobal('fetch', fetch);
    const done = vi.fn();
    mountForm(ctx(), form, done);
    fillValid();
    submit();
    submit();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(q('.vb-submit').getAttribute('aria-disabled')).toBe('true');
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://vidbot.example/api/public/bot/pub_1/form-submission');
    expect(init.method).toBe('POST');
    const body = JSON.parse(init.body as string);
    expect(body).toEqual({
      submissionId: expect.stringMatching(UUID),
      revisionId: 42,
      actionId: 7,
      values: { 'first-name': 'Ada', email: 'ada@example.com', message: '', consent: true, size: '2', 'postal-code': '' },
      lang: 'en',
    });
    release(okResponse());
    await flush();
    expect(done).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledWith({ type: 'submitted', submissionId: body.submissionId } satisfies FormOutcome);
  });

  it('retries network failures with the same submissionId, then lets the viewer try again with it', async () => {
    const fetch = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(new Response('', { status: 503 })).mockRejectedValueOnce(new TypeError('offline')).mockResolvedValueOnce(okResponse(200));
    vi.stubGlobal('fetch', fetch);
    const done = vi.fn();
    mountForm(ctx(), form, done);
    fillValid();
    submit();
    await flush();
    // Three automatic attempts (first + two retries) failed: the viewer is told, answers are kept.
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(done).not.toHaveBeenCalled();
    expect(q('[role="alert"]').textContent).toContain('could not be sent');
    expect(q('.vb-submit').textContent).toBe('Try again');
    expect(input('first-name').value).toBe('  Ada ');
    submit();
    await flush();
    expect(fetch).toHaveBeenCalledTimes(4);
    const ids = fetch.mock.calls.map((c) => JSON.parse((c[1] as RequestInit).body as string).submissionId);
    expect(new Set(ids).size).toBe(1);
    expect(done).toHaveBeenCalledWith({ type: 'submitted', submissionId: ids[0] });
  });

  it('puts the server\'s 422 field messages on the fields', async () => {
    const fetch = vi.fn().mockResolvedValue(
      new Response(JSON.stringify({ detail: 'Some answers are not valid.', errors: { 'values.email': 'Must be an email address.' } }), { status: 422, headers: { 'content-type': 'application/json' } }),
    );
    vi.stubGlobal('fetch', fetch);
    const done = vi.fn();
    mountForm(ctx(), form, done);
    fillValid();
    submit();
    await flush();
    const email = input('email');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(layer.querySelector(`#${email.getAttribute('aria-describedby')}`)!.textContent).toBe('Must be an email address.');
    expect(document.activeElement).toBe(email);
    expect(done).not.toHaveBeenCalled();
  });

  it('in a preview validates but sends nothing, and resolves as submitted with a local id', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    const done = vi.fn();
    mountForm(ctx({ preview: true }), form, done);
    submit();
    expect(done).not.toHaveBeenCalled();
    fillValid();
    submit();
    await flush();
    expect(fetch).not.toHaveBeenCalled();
    expect(done).toHaveBeenCalledWith({ type: 'submitted', submissionId: expect.stringMatching(/^preview-/) });
  });

  it('Close and Escape cancel once; destroy removes the view without calling done', () => {
    const done = vi.fn();
    mountForm(ctx(), form, done);
    q('.vb-action').dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    q<HTMLButtonElement>('.vb-action-close').click();
    expect(done).toHaveBeenCalledTimes(1);
    expect(done).toHaveBeenCalledWith({ type: 'cancelled' });

    const other = vi.fn();
    const view = mountForm(ctx(), form, other);
    view.destroy();
    expect(layer.querySelectorAll('.vb-form-view')).toHaveLength(1);
    expect(other).not.toHaveBeenCalled();
  });
});

describe('mountThankYou', () => {
  it('DEFAULT: the spec\'s default texts and a Close button, in en and fi, with showAfterSubmit fields', () => {
    const done = vi.fn();
    mountThankYou(ctx(), form, done);
    expect(q('h2').textContent).toBe('Thank you!');
    expect(layer.textContent).toContain('Your message has been sent.');
    const link = [...layer.querySelectorAll<HTMLAnchorElement>('a')].find((a) => a.textContent?.startsWith('Book a meeting'))!;
    expect(link.href).toBe('https://example.com/book');
    const button = q<HTMLButtonElement>('.vb-action-button');
    expect(button.textContent).toBe('Close');
    expect(document.activeElement).toBe(button);
    button.click();
    expect(done).toHaveBeenCalledWith({ type: 'button' });
    layer.replaceChildren();
    mountThankYou(ctx({ lang: 'fi' }), form, () => undefined);
    expect(q('h2').textContent).toBe('Kiitos!');
    expect(q('.vb-action-button').textContent).toBe('Sulje');
  });

  it('CUSTOM: the description and the button name', () => {
    mountThankYou(ctx(), { ...form, thankYouPage: { type: 'CUSTOM', description: 'See you soon.', buttonType: 'SLIDE', slideId: 2, buttonName: 'Back to the video' } }, () => undefined);
    expect(q('[data-thank-you]').getAttribute('data-thank-you')).toBe('custom');
    expect(layer.textContent).toContain('See you soon.');
    expect(layer.textContent).not.toContain('Your message has been sent.');
    expect(q('.vb-action-button').textContent).toBe('Back to the video');
  });
});

describe('links', () => {
  const link = (over: Partial<ExternalLinkAction>): ExternalLinkAction => ({ id: 9, name: 'Docs', type: 'EXTERNAL_LINK', url: 'https://example.com/docs', externalLinkType: 'url', linkType: 'new_tab', ...over });

  it('opens by link type: new_tab with noopener, embed answers embed, script links open nothing, relative paths resolve against the host', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    expect(openExternalLink(ctx(), link({}))).toBe('opened');
    expect(open).toHaveBeenLastCalledWith('https://example.com/docs', '_blank', 'noopener,noreferrer');
    expect(openExternalLink(ctx(), link({ linkType: 'embed' }))).toBe('embed');
    expect(openExternalLink(ctx(), link({ externalLinkType: 'relative_path', url: '/pricing' }))).toBe('opened');
    expect(open).toHaveBeenLastCalledWith('https://customer.example/pricing', '_blank', 'noopener,noreferrer');
    open.mockClear();
    expect(openExternalLink(ctx(), link({ url: 'javascript:alert(1)' }))).toBe('opened');
    expect(open).not.toHaveBeenCalled();
  });

  it('same_tab navigates the top page, falling back to window.open(_top) when the frame may not touch it', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const top = { location: {} as { href?: string } };
    Object.defineProperty(top.location, 'href', {
      set() {
        throw new DOMException('Blocked a frame', 'SecurityError');
      },
    });
    vi.spyOn(window, 'top', 'get').mockReturnValue(top as unknown as Window);
    expect(openExternalLink(ctx(), link({ linkType: 'same_tab' }))).toBe('opened');
    expect(open).toHaveBeenCalledWith('https://example.com/docs', '_top');
  });

  it('embeds the page in a titled, sized, sandboxed iframe with a Close button', () => {
    const done = vi.fn();
    mountEmbeddedLink(ctx({ embedSize: { width: 500, height: 300 } }), link({ linkType: 'embed' }), done);
    const frame = q<HTMLIFrameElement>('iframe');
    expect([frame.src, frame.title, frame.width, frame.height]).toEqual(['https://example.com/docs', 'Docs', '500', '300']);
    expect(frame.getAttribute('sandbox')).toContain('allow-scripts');
    q<HTMLButtonElement>('.vb-action-close').click();
    expect(done).toHaveBeenCalledTimes(1);
  });
});

describe('mountShareMedia', () => {
  const share: ShareMediaAction = {
    id: 11,
    name: 'Our brochure',
    type: 'SHARE_MEDIA',
    mediaId: 3,
    value: 'Send it to a friend',
    media: { id: 3, name: 'Brochure', type: 'SlideImage', url: '/files/1/abc/source.png', thumbnailUrl: '/files/1/abc/source.png' },
  };

  it('shows the media and shares its absolute URL with the Web Share API', async () => {
    const shareFn = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, share: shareFn });
    const done = vi.fn();
    mountShareMedia(ctx(), share, done);
    expect(q<HTMLImageElement>('img').src).toBe('https://vidbot.example/files/1/abc/source.png');
    expect(q<HTMLImageElement>('img').alt).toBe('Brochure');
    const button = q<HTMLButtonElement>('.vb-action-button');
    expect(button.textContent).toBe('Send it to a friend');
    expect(document.activeElement).toBe(button);
    button.click();
    await flush();
    expect(shareFn).toHaveBeenCalledWith({ title: 'Brochure', url: 'https://vidbot.example/files/1/abc/source.png' });
    expect(done).toHaveBeenCalledTimes(1);
  });

  it('a video plays with controls; without media only Close', () => {
    mountShareMedia(ctx(), { ...share, value: null, media: { id: 3, type: 'SlideVideo', url: '/files/v.mp4', thumbnailUrl: '/files/p.jpg' } }, () => undefined);
    expect(q<HTMLVideoElement>('video').controls).toBe(true);
    expect(q('.vb-action-button').textContent).toBe('Share');
    layer.replaceChildren();
    mountShareMedia(ctx(), { ...share, media: null }, () => undefined);
    expect(layer.querySelector('img, video, .vb-action-button')).toBeNull();
  });
});

it('exports a stylesheet for adoptedStyleSheets', () => {
  expect(actionsCss).toContain('.vb-action');
  expect(actionsCss).not.toMatch(/@import|url\(/);
});
