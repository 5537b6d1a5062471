/**
 * The content document over HTTP (issue 11; spec 001 §3, §4, §5, §6, §9): every action type and link
 * rule answers 422 with field messages, good documents round-trip unchanged, cross-field and media
 * rules, feature-gated settings (403 / 200), baseRevisionId (409 revisionConflict), settings
 * defaults on read and in the public player. PGlite; PostgreSQL with TEST_DATABASE_URL (server-pg).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness';
import { demoAccountId, userIdByEmail } from '../../../test/accounts';
import { botRevisions, featureFlags, media } from '../../db/schema';
import { defaultBotSettings } from './content.rules';
import type { BotDetail, PlayerBot } from './bot.service';

let ctx: TestContext;
let demoId: number;
const tokens: Record<string, string> = {};
const ids: Record<string, number> = {};

type ErrorBody = { detail: string; code?: string; errors?: Record<string, string> };

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const patch = (as: string, id: number, body: unknown) => ctx.call('PATCH', `/api/bot/${id}`, { token: tokens[as], body });
const getBot = async (id: number) => json<BotDetail>(await ctx.call('GET', `/api/bot/${id}`, { token: tokens.owner }), 200);
async function createBot(name: string, as = 'owner'): Promise<BotDetail> {
  return json<BotDetail>(await ctx.call('POST', '/api/bot', { token: tokens[as], body: { accountId: demoId, name } }), 201);
}

const slide = (id: number, category: 'INTRO' | 'SLIDE' = 'SLIDE', options: unknown[] = []) => ({
  id,
  name: `Slide ${id}`,
  category,
  type: 'VIDEO',
  videoId: null,
  imageId: null,
  options,
});

const field = (id: number, name: string, type = 'text') => ({ id, name, type, label: name, required: true });

/** One of every action type, complete (ids 3–7), and two slides pointing at them. */
function fullContent() {
  return {
    slides: [
      slide(1, 'INTRO', [
        { id: 1, name: 'Next', type: 'SLIDE', targetId: 2, featured: true },
        { id: 2, name: 'Contact', type: 'REGULAR_FORM', targetId: 3 },
        { id: 3, name: 'Docs', type: 'EXTERNAL_LINK', targetId: 4, trackConversion: true },
      ]),
      slide(2, 'SLIDE', [
        { id: 1, name: 'Ping', type: 'POST_MESSAGE', targetId: 5 },
        { id: 2, name: 'Close', type: 'CLOSE_VIDBOT', targetId: null },
        { id: 3, name: 'Share', type: 'SHARE_MEDIA', targetId: 7 },
      ]),
    ],
    actions: [
      {
        id: 3,
        name: 'Contact us',
        type: 'REGULAR_FORM',
        description: 'We answer within a day.',
        email: 'sales@example.com',
        emailBcc: null,
        subject: 'New lead',
        customPrivacyPolicy: { enabled: true, url: 'https://example.com/privacy' },
        button: { type: 'THANK_YOU_PAGE', slideId: null },
        thankYouPage: { type: 'CUSTOM', description: 'Thanks!', buttonType: 'SLIDE', buttonName: 'Back', slideId: 1 },
        fields: [field(1, 'first-name'), field(2, 'email', 'email')],
      },
      { id: 4, name: 'Docs', type: 'EXTERNAL_LINK', url: 'https://example.com/docs', externalLinkType: 'url', linkType: 'new_tab' },
      { id: 5, name: 'Ping', type: 'POST_MESSAGE', value: 'open-chat' },
      { id: 6, name: 'Bye', type: 'CLOSE_VIDBOT', isNew: true },
      { id: 7, name: 'Share', type: 'SHARE_MEDIA', mediaId: ids.video, value: 'Share', button: { type: 'CLOSE_FORM' }, thankYouPage: { type: 'DEFAULT' } },
    ] as Record<string, unknown>[],
    theme: { textColor: '#ffffff', backgroundColor: '#000000' },
  };
}

beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  for (const who of ['superadmin', 'owner', 'editor']) tokens[who] = await ctx.signIn(`${who}@example.com`);
  const rows = await ctx.deps.db
    .insert(media)
    .values([
      { accountId: demoId, name: 'v.mp4', type: 'SlideVideo', status: 'Ready' },
      { accountId: demoId, name: 'logo.png', type: 'LogoImage', status: 'Ready' },
      { accountId: demoId, name: 'cover.png', type: 'CoverImage', status: 'Ready' },
    ])
    .returning();
  ids.video = rows[0]!.id;
  ids.logo = rows[1]!.id;
  ids.cover = rows[2]!.id;
});
afterAll(async () => {
  await ctx?.close();
});

describe('content document', () => {
  it('round-trips a document with every action type and complete settings unchanged', async () => {
    const bot = await createBot('Everything');
    const settings = {
      ...defaultBotSettings(),
      logoId: ids.logo,
      widgetCoverId: ids.cover,
      thumbnailDescription: 'Meet us',
      thumbnailDescriptionColor: '#112233',
      seoMeta: { title: 'Hello', description: 'A vidbot', isIndexingDisabled: true },
      widgetSettings: { ...defaultBotSettings().widgetSettings, chatVideoId: ids.video, chatVideoCrop: { x: 40, y: 60, scale: 1.5 }, align: 'top_left' as const },
      iframeSettings: { ...defaultBotSettings().iframeSettings, thumbnail: { thumbnailType: 'frame' as const, slide: 2, time: 3.5 } },
    };
    const content = { ...fullContent(), settings };
    const saved = await json<BotDetail>(await patch('owner', bot.id, { content }), 200);
    // share media comes back with its media resolved (a Ready video of the account without files yet)
    const resolved = content.actions.map((a) =>
      a.type === 'SHARE_MEDIA' ? { ...a, media: { id: ids.video, name: 'v.mp4', type: 'SlideVideo', url: null, thumbnailUrl: null, duration: null } } : a,
    );
    for (const read of [saved, await getBot(bot.id)]) {
      expect(read.actions).toEqual(resolved);
      expect(read.settings).toEqual(settings);
      expect(read.theme).toEqual(content.theme);
      expect(read.slides.map((s) => s.options)).toEqual(content.slides.map((s) => s.options));
    }
    // what a client read is accepted back as it is; the resolved media is not stored
    const read = await getBot(bot.id);
    const again = await json<BotDetail>(await patch('owner', bot.id, { content: { slides: read.slides, actions: read.actions, theme: read.theme, settings: read.settings } }), 200);
    expect(again.actions).toEqual(resolved);
    const [row] = await ctx.deps.db.select().from(botRevisions).where(eq(botRevisions.id, again.botRevisionId!));
    expect((row!.content as { actions: unknown[] }).actions).toEqual(content.actions);
  });

  it('answers complete default settings for a new bot, a partial document and an old revision without settings', async () => {
    const bot = await createBot('Defaults');
    expect(bot.settings).toEqual(defaultBotSettings());
    const partial = await json<BotDetail>(await patch('owner', bot.id, { content: { slides: [], settings: { companyName: 'Acme' } } }), 200);
    expect(partial.settings).toEqual({ ...defaultBotSettings(), companyName: 'Acme' });
    // a document without settings keeps the latest revision's
    const kept = await json<BotDetail>(await patch('owner', bot.id, { content: { slides: [slide(1, 'INTRO')] } }), 200);
    expect(kept.settings.companyName).toBe('Acme');
    await ctx.deps.db.update(botRevisions).set({ content: { slides: [], actions: [], theme: {} } }).where(eq(botRevisions.id, kept.botRevisionId!));
    expect((await getBot(bot.id)).settings).toEqual(defaultBotSettings());
  });

  const action = (a: Record<string, unknown>) => ({ slides: [slide(1, 'INTRO')], actions: [a] });
  const actionCases: [string, Record<string, unknown>, Record<string, string>][] = [
    ['REGULAR_FORM', { id: 3, name: 'F', type: 'REGULAR_FORM', description: ' ', email: 'x', subject: 'S' }, {
      'content.actions.0.description': 'Description is required.',
      'content.actions.0.email': 'Must be an email address.',
    }],
    ['EXTERNAL_LINK', { id: 3, name: 'L', type: 'EXTERNAL_LINK', url: 'https://x.fi', externalLinkType: 'url' }, { 'content.actions.0.linkType': 'linkType is required.' }],
    ['POST_MESSAGE', { id: 3, name: 'P', type: 'POST_MESSAGE', value: '' }, { 'content.actions.0.value': 'Value is required.' }],
    ['CLOSE_VIDBOT', { id: 3, name: '', type: 'CLOSE_VIDBOT' }, { 'content.actions.0.name': 'Name is required.' }],
    ['SHARE_MEDIA', { id: 3, name: 'S', type: 'SHARE_MEDIA', mediaId: 'x' }, { 'content.actions.0.mediaId': 'Choose the media to share.' }],
    ['unknown type', { id: 3, name: 'S', type: 'SMS' }, { 'content.actions.0.type': 'type must be one of REGULAR_FORM, EXTERNAL_LINK, POST_MESSAGE, CLOSE_VIDBOT, SHARE_MEDIA.' }],
  ];
  it.each(actionCases)('%s: 422 with field messages', async (_t, a, errors) => {
    const bot = await createBot('Bad action');
    expect((await json<ErrorBody>(await patch('owner', bot.id, { content: action(a) }), 422)).errors).toEqual(errors);
  });

  const linkCases: [string, string, string][] = [
    ['tel', 'call me', 'Must start with tel: followed by a phone number (digits, spaces, +, brackets, hyphens).'],
    ['mailto', 'mailto:nobody', 'Must start with mailto: followed by an email address.'],
    ['url', 'ftp://files.example.com', 'Must be a full http:// or https:// URL.'],
    ['url', 'javascript:alert(document.cookie)', 'Script links (javascript:) are not allowed.'],
    ['deep_link', 'js://run', 'Script links (javascript:) are not allowed.'],
    ['deep_link', 'myapp/path', 'Must be a deep link with a scheme, such as myapp://path.'],
    ['relative_path', 'pricing', 'Must be a path starting with /.'],
  ];
  it.each(linkCases)('link type %s %j: 422 at the url', async (externalLinkType, url, message) => {
    const bot = await createBot('Bad link');
    const res = await json<ErrorBody>(
      await patch('owner', bot.id, { content: action({ id: 3, name: 'L', type: 'EXTERNAL_LINK', url, externalLinkType, linkType: 'new_tab' }) }),
      422,
    );
    expect(res.errors).toEqual({ 'content.actions.0.url': message });
  });

  it('checks button targets, form slide references, field names and integration required fields (422)', async () => {
    const bot = await createBot('Cross-field');
    const c = fullContent();
    c.slides[0]!.options = [
      { id: 1, name: 'Wrong type', type: 'POST_MESSAGE', targetId: 4 },
      { id: 2, name: 'Missing', type: 'EXTERNAL_LINK', targetId: 99 },
      { id: 3, name: 'No target', type: 'REGULAR_FORM', targetId: null },
    ];
    c.actions[0] = { ...c.actions[0], thankYouPage: { type: 'CUSTOM', buttonType: 'SLIDE', slideId: 9 }, hubspot: { enabled: true }, fields: [field(1, 'email', 'email'), field(2, 'email', 'text')] };
    c.actions[4] = { ...c.actions[4], button: { type: 'SLIDE', slideId: 8 } };
    const res = await json<ErrorBody>(await patch('owner', bot.id, { content: c }), 422);
    expect(res.errors).toEqual({
      'content.slides.0.options.0.targetId': 'Target action 4 is a EXTERNAL_LINK action, not POST_MESSAGE.',
      'content.slides.0.options.1.targetId': 'Target action 99 does not exist.',
      'content.slides.0.options.2.targetId': 'A REGULAR_FORM button needs a target action.',
      'content.actions.0.thankYouPage.slideId': 'Slide 9 does not exist.',
      'content.actions.0.fields.1.name': 'Field name email is used twice in this form.',
      'content.actions.0.fields': 'The field first-name is required by hubspot. The field last-name is required by hubspot.',
      'content.actions.4.button.slideId': 'Slide 8 does not exist.',
    });
  });

  it('checks media references of settings and share media (422)', async () => {
    const bot = await createBot('Media refs');
    const c = fullContent();
    c.actions[4] = { ...c.actions[4], mediaId: 999_999 };
    // URL maps need url_map: granted here to the superuser alone (the gate tests below run as the owner without it)
    await ctx.deps.db.insert(featureFlags).values({ name: 'url_map', flagType: 'dashboard', userIds: [await userIdByEmail(ctx, 'superadmin@example.com')] });
    const res = await json<ErrorBody>(
      await patch('superadmin', bot.id, {
        content: {
          ...c,
          settings: {
            logoId: ids.cover,
            widgetCoverId: ids.video,
            widgetSettings: { ...defaultBotSettings().widgetSettings, chatVideoId: ids.logo },
            urlMaps: [
              { url: 'https://shop.example/a', botId: bot.id },
              { url: 'https://shop.example/b', botId: 999_999 },
            ],
          },
        },
      }),
      422,
    );
    expect(res.errors).toEqual({
      'content.settings.logoId': `Media ${ids.cover} is not a logo (LogoImage or LogoVideo).`,
      'content.settings.widgetCoverId': `Media ${ids.video} is not a cover image.`,
      'content.settings.widgetSettings.chatVideoId': `Media ${ids.logo} is not a video.`,
      'content.actions.4.mediaId': 'Media 999999 does not exist in this account.',
      'content.settings.urlMaps.1.botId': 'Vidbot 999999 does not exist in this account.',
    });
  });
});

describe('feature-gated settings (spec 001 §6)', () => {
  it('refuses a gated setting without the feature (403 naming it) and stores it once the account has it', async () => {
    const bot = await createBot('Gates');
    const likes = { content: { slides: [], settings: { isLikesEnabled: true } } };
    const refused = await json<ErrorBody>(await patch('owner', bot.id, likes), 403);
    expect(refused.code).toBe('featureRequired');
    expect(refused.detail).toBe('This account does not have the likes feature needed to change content.settings.isLikesEnabled.');
    expect(refused.errors).toEqual({ 'content.settings.isLikesEnabled': 'Needs the likes feature.' });
    // sending the default is not a change
    await json(await patch('owner', bot.id, { content: { slides: [], settings: defaultBotSettings() } }), 200);

    const ads = { ...defaultBotSettings().adSettings, placement: 'billboard' as const };
    const ws = { ...defaultBotSettings().widgetSettings, vidbotScheduler: { enabled: true, startTime: '2026-12-01T08:00:00Z', endTime: null } };
    const gated = await json<ErrorBody>(await patch('owner', bot.id, { content: { slides: [], settings: { adSettings: ads, widgetSettings: ws, urlMapsSettings: { enabled: true, defaultBotDisabled: false } } } }), 403);
    expect(Object.keys(gated.errors ?? {}).sort()).toEqual(['content.settings.adSettings', 'content.settings.urlMapsSettings', 'content.settings.widgetSettings.vidbotScheduler']);

    await ctx.deps.db.insert(featureFlags).values([
      { name: 'likes', flagType: 'embed', accountIds: [demoId] },
      { name: 'vidbot_as_ads', flagType: 'dashboard', accountIds: [demoId] },
    ]);
    const ok = await json<BotDetail>(await patch('owner', bot.id, { content: { slides: [], settings: { isLikesEnabled: true, adSettings: ads } } }), 200);
    expect(ok.settings).toMatchObject({ isLikesEnabled: true, adSettings: { placement: 'billboard' } });
  });

  it('keeps useCase to staff and form integrations to their flag', async () => {
    const bot = await createBot('Power user');
    const useCase = { content: { slides: [], settings: { useCase: 'lead generation' } } };
    expect((await json<ErrorBody>(await patch('owner', bot.id, useCase), 403)).errors).toEqual({ 'content.settings.useCase': 'Only superusers and customer success can change this.' });
    expect((await json<BotDetail>(await patch('superadmin', bot.id, useCase), 200)).settings.useCase).toBe('lead generation');

    // the owner's editor sends back the complete settings it read, so the staff-set useCase is kept
    const c = { ...fullContent(), settings: (await getBot(bot.id)).settings };
    c.actions[0] = { ...c.actions[0], salesforce: { enabled: true, status: 'Open', leadSource: 'Web' }, fields: [field(1, 'last-name'), field(2, 'company')] };
    const refused = await json<ErrorBody>(await patch('owner', bot.id, { content: c }), 403);
    expect(refused.errors).toEqual({ 'content.actions.0.salesforce': 'Needs the integration_salesforce feature.' });
    await ctx.deps.db.insert(featureFlags).values({ name: 'integration_salesforce', flagType: 'dashboard', accountIds: [demoId] });
    const saved = await json<BotDetail>(await patch('owner', bot.id, { content: c }), 200);
    expect(saved.actions[0]).toMatchObject({ salesforce: { enabled: true, status: 'Open' } });
  });
});

describe('two tabs (baseRevisionId)', () => {
  it('answers 409 revisionConflict when the editor saves over a newer revision', async () => {
    const bot = await createBot('Two tabs');
    const base = bot.botRevisionId!;
    const first = await json<BotDetail>(await patch('owner', bot.id, { content: { slides: [slide(1, 'INTRO')] }, baseRevisionId: base }), 200);
    const second = await json<ErrorBody>(await patch('editor', bot.id, { content: { slides: [slide(2, 'INTRO')] }, baseRevisionId: base }), 409);
    expect(second).toEqual({
      code: 'revisionConflict',
      detail: `This vidbot was saved in another tab or by someone else (revision ${first.revNumber}). Reload to see their changes; your edits are still here.`,
    });
    expect((await getBot(bot.id)).slides.map((s) => s.id)).toEqual([1]);
    // the answer read back (resolved media included) is accepted as a save as it is
    const read = await getBot(bot.id);
    await json(await patch('owner', bot.id, { content: { slides: read.slides, actions: read.actions, theme: read.theme, settings: read.settings }, baseRevisionId: read.botRevisionId }), 200);
    const again = await getBot(bot.id);
    await json(await patch('editor', bot.id, { content: { slides: [slide(2, 'INTRO')] }, baseRevisionId: again.botRevisionId }), 200);
    // without content baseRevisionId does not matter; without baseRevisionId the save is unconditional
    await json(await patch('owner', bot.id, { name: 'Renamed', baseRevisionId: base }), 200);
    await json(await patch('owner', bot.id, { content: { slides: [] } }), 200);
    expect((await json<ErrorBody>(await patch('owner', bot.id, { content: { slides: [] }, baseRevisionId: 0 }), 422)).errors).toHaveProperty('baseRevisionId');
  });
});

describe('public player', () => {
  it('carries complete settings without the power-user use case, and forms without recipients', async () => {
    const bot = await createBot('Player');
    const c = { ...fullContent(), settings: { companyName: 'Acme', useCase: 'internal' } };
    await json(await patch('superadmin', bot.id, { content: c, status: 'Published' }), 200);
    const player = await json<PlayerBot>(await ctx.call('GET', `/api/public/bot/${bot.publicId}`), 200);
    expect(player.settings).toEqual({ ...defaultBotSettings(), companyName: 'Acme', useCase: null });
    const formAction = player.actions.find((a) => a.type === 'REGULAR_FORM');
    expect(formAction).toMatchObject({ description: 'We answer within a day.', fields: c.actions[0]!.fields });
    expect(formAction).not.toHaveProperty('email');
    expect(formAction).not.toHaveProperty('subject');
  });
  it('resolves settings.logoId into an absolute logoUrl: a Ready LogoImage of the account only', async () => {
    const [ready, pending, cover] = await ctx.deps.db
      .insert(media)
      .values([
        { accountId: demoId, name: 'acme.png', type: 'LogoImage', status: 'Ready', playbackKey: 'logos/acme logo.png' },
        { accountId: demoId, name: 'late.png', type: 'LogoImage', status: 'Draft', playbackKey: 'logos/late.png' },
        { accountId: demoId, name: 'big.png', type: 'CoverImage', status: 'Ready', playbackKey: 'covers/big.png' },
      ])
      .returning();
    const bot = await createBot('Logo');
    const publish = async (logoId: number | null) => {
      await json(await patch('superadmin', bot.id, { content: { ...fullContent(), settings: { companyName: 'Acme', logoId } }, status: 'Published' }), 200);
      return json<PlayerBot>(await ctx.call('GET', `/api/public/bot/${bot.publicId}`), 200);
    };
    const player = await publish(ready!.id);
    expect(player.logoUrl).toBe(`${new URL(player.directUrl).origin}/files/logos/acme%20logo.png`);
    expect(player.logoUrl).toMatch(/^https?:\/\//);
    expect((await publish(pending!.id)).logoUrl).toBeNull();
    expect((await publish(null)).logoUrl).toBeNull();
    // a cover image is refused as a logo on save (422), so the published logo stays the last valid one
    expect((await json<ErrorBody>(await patch('superadmin', bot.id, { content: { ...fullContent(), settings: { logoId: cover!.id } } }), 422)).errors).toHaveProperty(['content.settings.logoId']);
  });
});
