/**
 * The Profile tab's rules (profileModel.ts; spec 002 §3 Profile, §5, §9 contrast levels): values and
 * the one PUT body, the main form's field messages from the server's schema, the social link and
 * action dialogs' messages, the input of each external link type, and the contrast rating.
 */
import { describe, expect, it } from 'vitest';
import type { MessageDescriptor } from '@lingui/core';
import { contrastOf } from '../../vidbots/editor/contrast';
import {
  actionDraft,
  actionIssues,
  actionOf,
  emailList,
  formFieldOf,
  linkInput,
  linkUrl,
  profileBody,
  profileFormIssues,
  profileFormValues,
  socialLinkIssues,
  socialLinkOf,
  type ProfileFormValues,
} from './profileModel';

/** The English text of each message (descriptors carry it as `message` in tests, id otherwise). */
const texts = (issues: Record<string, MessageDescriptor>) => Object.fromEntries(Object.entries(issues).map(([k, m]) => [k, m.message ?? m.id]));

const empty = { accountId: 1, appearance: { logo: null, chatVideo: null }, profile: { cover: null, introduction: null } };

describe('contrast rating (spec 002 §9: 7 AAA, 4.5 AA, 3 low)', () => {
  it('rates the button colours by their WCAG ratio', () => {
    expect(contrastOf('#FFFFFF', '#000000')).toEqual({ ratio: 21, rating: 'AAA' });
    expect(contrastOf('#FFFFFF', '#351DDA')?.rating).toBe('AAA');
    expect(contrastOf('#FFFFFF', '#767676')).toEqual({ ratio: 4.54, rating: 'AA' });
    expect(contrastOf('#FFFFFF', '#949494')?.rating).toBe('low');
    expect(contrastOf('#FFFFFF', '#EEEEEE')?.rating).toBe('fail');
    expect(contrastOf('white', '#000000')).toBeNull();
  });
});

describe('values and the one PUT body', () => {
  it('defaults the theme colours and keeps what is stored', () => {
    const v = profileFormValues(empty);
    expect(v.appearance).toEqual({ buttonTextColor: '#FFFFFF', buttonBackgroundColor: '#351DDA', stylesRaw: '', logoId: null, chatVideoId: null });
    expect(v.profile).toEqual({ companyName: '', description: '', coverId: null, introductionId: null, socialLinks: [], actions: [] });
    const stored = profileFormValues({ ...empty, appearance: { ...empty.appearance, buttonTextColor: '#000', logoId: 4 }, profile: { ...empty.profile, companyName: 'Acme', socialLinks: [{ icon: 'X', url: 'https://x.com/a', target: 'new_tab' }] } });
    expect(stored.appearance).toMatchObject({ buttonTextColor: '#000', buttonBackgroundColor: '#351DDA', logoId: 4 });
    expect(stored.profile.socialLinks).toHaveLength(1);
  });

  it('sends appearance always and the company profile only with company_profile; blanks become null', () => {
    const v: ProfileFormValues = profileFormValues(empty);
    v.appearance.stylesRaw = '  ';
    v.profile.companyName = ' Acme ';
    expect(profileBody(v, false)).toEqual({ appearance: { buttonTextColor: '#FFFFFF', buttonBackgroundColor: '#351DDA', stylesRaw: null, logoId: null, chatVideoId: null } });
    expect(profileBody(v, true).profile).toEqual({ companyName: 'Acme', description: null, coverId: null, introductionId: null, socialLinks: [], actions: [] });
  });
});

describe('main form messages', () => {
  it('requires both theme colours as hex', () => {
    const v = profileFormValues(empty);
    v.appearance.buttonTextColor = '';
    v.appearance.buttonBackgroundColor = 'blue';
    expect(texts(profileFormIssues(v, true))).toEqual({
      'appearance.buttonTextColor': 'Required.',
      'appearance.buttonBackgroundColor': 'Must be a hex colour such as #351DDA.',
    });
    expect(profileFormIssues(profileFormValues(empty), true)).toEqual({});
  });

  it("puts a bad list item's message on its list, naming the row", () => {
    const v = profileFormValues(empty);
    v.profile.socialLinks = [
      { icon: 'X', url: 'https://x.com/a', target: 'new_tab' },
      { icon: 'Email', url: 'https://x.com/b', target: 'new_tab' },
    ];
    expect(texts(profileFormIssues(v, true))).toEqual({ 'profile.socialLinks': 'Social link {n} is not valid: edit it.' });
    // Without the feature the profile is not sent, so it is not checked.
    expect(profileFormIssues(v, false)).toEqual({});
    expect(formFieldOf('profile.actions.3.url')).toEqual({ field: 'profile.actions', row: 3 });
    expect(formFieldOf('appearance.logoId')).toEqual({ field: 'appearance.logoId' });
  });
});

describe('social link dialog', () => {
  it('requires the icon and url; the url is an e-mail for Email and a URL otherwise', () => {
    expect(texts(socialLinkIssues({ icon: '', url: '', target: 'new_tab' }))).toEqual({ icon: 'Required.', url: 'Required.' });
    expect(texts(socialLinkIssues({ icon: 'Email', url: 'www.example.com', target: 'new_tab' }))).toEqual({ url: 'Enter a valid email address.' });
    expect(texts(socialLinkIssues({ icon: 'Linkedin', url: 'linkedin.com/x', target: 'new_tab' }))).toEqual({ url: 'Must be a full http:// or https:// URL.' });
    expect(socialLinkIssues({ icon: 'Email', url: ' hello@example.com ', target: 'same_tab' })).toEqual({});
    expect(socialLinkOf({ icon: 'Email', url: ' hello@example.com ', target: 'same_tab' })).toEqual({ icon: 'Email', url: 'hello@example.com', target: 'same_tab' });
  });
});

describe('action dialog', () => {
  it('requires the name and type of a new action', () => {
    expect(texts(actionIssues(actionDraft()))).toEqual({ type: 'Required.', name: 'Required.' });
  });

  it('has an input per link type: a phone number for tel, an address for mailto, the text otherwise', () => {
    expect(linkUrl('tel', ' +358 40 1 ')).toBe('tel:+358 40 1');
    expect(linkUrl('mailto', 'a@b.fi')).toBe('mailto:a@b.fi');
    expect(linkUrl('url', 'https://a.fi')).toBe('https://a.fi');
    expect(linkInput('tel', 'tel:+358')).toBe('+358');
    expect(linkInput('mailto', 'mailto:a@b.fi')).toBe('a@b.fi');
    const draft = { ...actionDraft(), type: 'external_link' as const, name: 'Call', externalLinkType: 'tel' as const, link: 'call me' };
    expect(texts(actionIssues(draft))).toEqual({ link: 'Enter a phone number (digits, spaces, +, brackets, hyphens).' });
    expect(texts(actionIssues({ ...draft, externalLinkType: 'relative_path', link: 'contact' }))).toEqual({ link: 'Must be a path starting with /.' });
    expect(texts(actionIssues({ ...draft, link: '' }))).toEqual({ link: 'Required.' });
    const ok = { ...draft, link: '+358 40 123' };
    expect(actionIssues(ok)).toEqual({});
    const action = actionOf(ok)!;
    expect(action).toEqual({ type: 'external_link', name: 'Call', externalLinkType: 'tel', url: 'tel:+358 40 123', style: 'standard', target: 'new_tab' });
    // Editing starts from the stored action, with the typed part of its url.
    expect(actionDraft(action as never)).toMatchObject({ type: 'external_link', externalLinkType: 'tel', link: '+358 40 123' });
  });

  it('a contact form needs button text, title, subject, description and recipients; bcc is optional', () => {
    const draft = { ...actionDraft(), type: 'contact_form' as const, name: 'Contact' };
    expect(texts(actionIssues(draft))).toEqual({ buttonText: 'Required.', title: 'Required.', subject: 'Required.', description: 'Required.', emailTo: 'Required.' });
    const filled = { ...draft, buttonText: 'Send', title: 'Write', subject: 'Hello', description: 'We answer.', emailTo: 'a@b.fi, not-an-email' };
    expect(texts(actionIssues(filled))).toEqual({ emailTo: 'Enter a valid email address.' });
    const ok = { ...filled, emailTo: 'a@b.fi; c@d.fi', emailBcc: '' };
    expect(actionIssues(ok)).toEqual({});
    const action = actionOf(ok);
    expect(action).toMatchObject({ type: 'contact_form', emailTo: ['a@b.fi', 'c@d.fi'], fields: [{ name: 'name', type: 'text', required: true }, { name: 'email', type: 'email', required: true }, { name: 'message', type: 'textarea', required: false }] });
    expect(action).not.toHaveProperty('emailBcc');
    expect(actionDraft(action as never)).toMatchObject({ emailTo: 'a@b.fi, c@d.fi', fields: { phone: { enabled: false }, email: { enabled: true, required: true } } });
    expect(emailList(' a@b.fi ,, c@d.fi\n')).toEqual(['a@b.fi', 'c@d.fi']);
  });
});
