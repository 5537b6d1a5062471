/**
 * The account settings tabs on the server (spec 002 §2 Account settings, §3 Profile, §5, §6 tab
 * roles; issue 15): the profile rules of profile.rules.ts through `PUT /account/{id}/profile` (hex
 * colours, social link urls by icon, external link urls by type, required contact form fields, one
 * PUT replaces links and actions), and the Account tab's billing fields and business type through
 * `PUT /account/{id}` (Owner and Reseller save billing; only staff change the business type).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness';
import { createUser, demoAccountId, TEST_PASSWORD } from '../../../test/accounts';
import { HEX_COLOUR } from '../bot/content.rules';
import type { AccountDetail, AccountProfile } from './account.schemas';
import { media } from '../../db/schema';
import { PROFILE_HEX_COLOUR, socialUrlIssue } from './profile.rules';

let ctx: TestContext;
let demoId: number;
const tok: Record<string, string> = {};
beforeAll(async () => {
  ctx = await createTestContext();
  demoId = await demoAccountId(ctx);
  await createUser(ctx, 'reseller@example.org', { isReseller: true, roles: [[demoId, 'Reseller']] });
  for (const e of ['superadmin', 'owner', 'admin']) tok[e] = await ctx.signIn(`${e}@example.com`);
  tok.reseller = await ctx.signIn('reseller@example.org', TEST_PASSWORD);
});
afterAll(async () => {
  await ctx?.close();
});

const json = async <T>(res: Response, status: number): Promise<T> => {
  expect(res.status, await res.clone().text()).toBe(status);
  return (await res.json()) as T;
};
const putProfile = (who: string, body: unknown) => ctx.call('PUT', `/api/account/${demoId}/profile`, { token: tok[who], body });
const errorsOf = async (res: Response) => (await json<{ errors: Record<string, string> }>(res, 422)).errors;

const contactForm = {
  type: 'contact_form',
  name: 'Contact us',
  buttonText: 'Send',
  buttonStyle: 'highlight',
  title: 'Write to us',
  subject: 'Website contact',
  description: 'We answer within a day.',
  emailTo: ['Sales@Example.com'],
  fields: [{ name: 'email', type: 'email', required: true }],
};

describe('profile rules (spec 002 §5)', () => {
  it('uses the same hex colour pattern as the vidbot theme', () => {
    expect(PROFILE_HEX_COLOUR.source).toBe(HEX_COLOUR.source);
  });

  it('a social link url is an e-mail for the Email icon, else an http(s) URL', () => {
    expect(socialUrlIssue('Email', 'hello@example.com')).toBeUndefined();
    expect(socialUrlIssue('Email', 'https://example.com')).toBe('Must be an email address.');
    expect(socialUrlIssue('Linkedin', 'https://linkedin.com/company/x')).toBeUndefined();
    expect(socialUrlIssue('Linkedin', 'hello@example.com')).toBe('Must be a full http:// or https:// URL.');
    expect(socialUrlIssue('X', 'javascript:alert(1)')).toBe('Must be a full http:// or https:// URL.');
    expect(socialUrlIssue('X', '  ')).toBe('url is required.');
  });

  it('refuses bad colours, links and actions with field messages; a valid body is stored whole and replaced whole', async () => {
    const bad = await errorsOf(
      await putProfile('owner', {
        appearance: { buttonTextColor: 'white', buttonBackgroundColor: '#12345' },
        profile: {
          socialLinks: [
            { icon: 'Email', url: 'https://example.com', target: 'new_tab' },
            { icon: 'Youtube', url: 'youtube.com/x' },
          ],
          actions: [
            { type: 'external_link', name: '', url: 'https://example.com', externalLinkType: 'tel' },
            { type: 'contact_form', name: 'Form', emailTo: [] },
          ],
        },
      }),
    );
    expect(bad).toMatchObject({
      'appearance.buttonTextColor': 'Must be a hex colour such as #351DDA.',
      'appearance.buttonBackgroundColor': 'Must be a hex colour such as #351DDA.',
      'profile.actions.0.name': 'name is required.',
      'profile.actions.1.buttonText': 'buttonText is required.',
      'profile.actions.1.emailTo': 'emailTo is required.',
    });
    // The object-level checks run once the shape is right.
    const links = await errorsOf(
      await putProfile('owner', {
        profile: {
          socialLinks: [
            { icon: 'Email', url: 'https://example.com', target: 'new_tab' },
            { icon: 'Youtube', url: 'youtube.com/x' },
          ],
          actions: [{ type: 'external_link', name: 'Call', url: 'https://example.com', externalLinkType: 'tel' }],
        },
      }),
    );
    expect(links).toEqual({
      'profile.socialLinks.0.url': 'Must be an email address.',
      'profile.socialLinks.1.url': 'Must be a full http:// or https:// URL.',
      'profile.actions.0.url': expect.stringMatching(/^Must start with tel:/),
    });

    const body = {
      appearance: { buttonTextColor: '#FFFFFF', buttonBackgroundColor: '#351DDA', stylesRaw: '.vb-button { font-weight: 700 }', logoId: null, chatVideoId: null },
      profile: {
        companyName: 'Demo Oy',
        description: 'We make videos.',
        coverId: null,
        introductionId: null,
        socialLinks: [
          { icon: 'Linkedin', url: 'https://www.linkedin.com/company/demo', target: 'new_tab' },
          { icon: 'Email', url: 'hello@example.com', target: 'same_tab' },
        ],
        actions: [{ type: 'external_link', name: 'Call us', url: 'tel:+358 40 123 4567', externalLinkType: 'tel', style: 'standard', target: 'same_tab' }, contactForm],
      },
    };
    const saved = await json<AccountProfile>(await putProfile('admin', body), 200);
    expect(saved.appearance).toMatchObject(body.appearance);
    expect(saved.profile.socialLinks).toEqual(body.profile.socialLinks);
    expect(saved.profile.actions?.[1]).toEqual({ ...contactForm, emailTo: ['sales@example.com'] });
    const read = await json<AccountProfile>(await ctx.call('GET', `/api/account/${demoId}/profile`, { token: tok.owner }), 200);
    expect(read).toEqual(saved);
    // One PUT replaces the lists as a whole.
    const fewer = await json<AccountProfile>(await putProfile('owner', { profile: { ...body.profile, socialLinks: [], actions: [contactForm] } }), 200);
    expect(fewer.profile.socialLinks).toEqual([]);
    expect(fewer.profile.actions).toHaveLength(1);
    expect(fewer.appearance.buttonBackgroundColor).toBe('#351DDA');
  });
});

describe('profile media kinds', () => {
  it('takes a LogoImage logo, a LogoVideo chat icon video, a CoverImage cover and a video introduction; refuses other kinds', async () => {
    const add = async (type: 'LogoImage' | 'LogoVideo' | 'CoverImage' | 'SlideVideo' | 'SlideImage') =>
      (await ctx.deps.db.insert(media).values({ accountId: demoId, name: type, type }).returning())[0]!.id;
    const [logo, video, cover, intro, slide] = [await add('LogoImage'), await add('LogoVideo'), await add('CoverImage'), await add('SlideVideo'), await add('SlideImage')];
    const ok = await json<AccountProfile>(
      await putProfile('owner', { appearance: { logoId: logo, chatVideoId: video }, profile: { coverId: cover, introductionId: intro } }),
      200,
    );
    expect(ok.appearance).toMatchObject({ logoId: logo, chatVideoId: video });
    expect(ok.profile).toMatchObject({ coverId: cover, introductionId: intro });
    const bad = await errorsOf(await putProfile('owner', { appearance: { logoId: slide, chatVideoId: intro }, profile: { coverId: logo, introductionId: video } }));
    expect(bad).toEqual({
      'appearance.logoId': `Media ${slide} is a SlideImage; logoId takes LogoImage.`,
      'appearance.chatVideoId': `Media ${intro} is a SlideVideo; chatVideoId takes LogoVideo.`,
      'profile.coverId': `Media ${logo} is a LogoImage; coverId takes CoverImage.`,
    });
  });
});

describe('Account tab: PUT /account/{id} billing fields and business type', () => {
  const put = (who: string, body: unknown) => ctx.call('PUT', `/api/account/${demoId}`, { token: tok[who], body });

  it('an Owner and a Reseller save the billing fields; an Admin may not', async () => {
    const owner = await json<AccountDetail>(await put('owner', { billingEmail: 'Billing@Example.com', phoneNumber: '+358 40 1', businessId: '1234567-8', taxId: 'FI12345678', address: 'Katu 1', zipCode: '00100', country: 'Finland' }), 200);
    expect(owner).toMatchObject({ billingEmail: 'billing@example.com', zipCode: '00100', country: 'Finland', businessType: null });
    const reseller = await json<AccountDetail>(await put('reseller', { address: 'Katu 2', taxId: '' }), 200);
    expect(reseller).toMatchObject({ address: 'Katu 2', taxId: null, country: 'Finland' });
    expect((await put('admin', { address: 'Katu 3' })).status).toBe(403);
    expect((await errorsOf(await put('owner', { billingEmail: 'not-an-email' })))).toHaveProperty('billingEmail');
  });

  it('only staff change the business type; sending it back unchanged is allowed', async () => {
    expect((await put('owner', { businessType: 'Retail' })).status).toBe(403);
    const staff = await json<AccountDetail>(await put('superadmin', { businessType: ' Retail ' }), 200);
    expect(staff.businessType).toBe('Retail');
    const detail = await json<AccountDetail>(await ctx.call('GET', `/api/account/${demoId}/detail`, { token: tok.owner }), 200);
    expect(detail.businessType).toBe('Retail');
    expect((await put('owner', { businessType: 'Retail', country: 'FI' })).status).toBe(200);
    expect((await put('owner', { businessType: null })).status).toBe(403);
    expect((await json<AccountDetail>(await put('superadmin', { businessType: '' }), 200)).businessType).toBeNull();
  });
});
