/**
 * The embedded extractive generator (issue 16; ai.extractive.ts) on a hand-built capture of the bakery
 * website fixture (server/test/ai-bakery.ts): schema-valid answers that mention the bakery, the main
 * navigation first with absolute URLs, tones and languages that change the wording, the prompt wizard's
 * fallback keywords and Improve, and generator selection (ai.generator.ts).
 */
import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { AI_JOB_STATUSES, AI_TONES, AnalysisResult, Script, ScriptResult, scriptIssues, type AnalysisResult as Analysis } from './ai.schemas';
import type { AiJobStatusName, AiLanguage, AiTone, ScriptNode, ScriptOption } from './ai.schemas';
import { createExtractiveGenerator, linkKind } from './ai.extractive';
import { createGenerator } from './ai.generator';
import { extractKeywords } from './ai.keywords';
import type { ParsedPage, StatusSink } from './ai.types';
import { bakeryCapture } from '../../../test/ai-bakery';

const ORIGIN = 'http://127.0.0.1:4173';
const generator = createExtractiveGenerator();
const signal = new AbortController().signal;

function sink() {
  const statuses: string[] = [];
  const status: StatusSink = async (s) => {
    statuses.push(s);
  };
  return { statuses, status };
}

async function analyze(language: AiLanguage = 'en'): Promise<Analysis> {
  return generator.analyze({ site: bakeryCapture(ORIGIN), scriptType: 'website', language }, sink().status, signal);
}

async function script(analysis: Analysis, option: ScriptOption, tone: AiTone, language: AiLanguage = 'en') {
  return generator.script(
    { sourceInfo: analysis.sourceInfo, details: option, navigation: analysis.navigation, scriptType: 'website', tone, language },
    sink().status,
    signal,
  );
}

/** Ids of the nodes reachable from the entry node through internal links. */
function reachable(nodes: ScriptNode[]): Set<string> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const entry = nodes.find((n) => n.isEntryPoint)!;
  const seen = new Set([entry.id]);
  const queue = [entry];
  while (queue.length) {
    for (const l of queue.shift()!.links) {
      if (l.type === 'internal' && !seen.has(l.targetId)) {
        seen.add(l.targetId);
        queue.push(byId.get(l.targetId)!);
      }
    }
  }
  return seen;
}

const allText = (s: Script) => s.nodes.map((n) => `${n.title} ${n.content.text} ${n.content.videoDescription} ${n.links.map((l) => l.label).join(' ')}`).join(' ');

describe('extractive analysis of the bakery site', () => {
  it('answers a schema-valid analysis about the bakery, walking the §4 statuses in order', async () => {
    const { statuses, status } = sink();
    const result = await generator.analyze({ site: bakeryCapture(ORIGIN), scriptType: 'website', language: 'en' }, status, signal);
    expect(v.safeParse(AnalysisResult, result).success).toBe(true);
    expect(result.sourceInfo).toMatchObject({ sourceName: 'Aurora Bakery', sourceType: 'website' });
    expect(statuses).toEqual(['analyzing_content', 'analyzing_source', 'generating_suggestions', 'analyzing_navigation']);
    const order = statuses.map((s) => AI_JOB_STATUSES.indexOf(s as AiJobStatusName));
    expect(order).toEqual([...order].sort((a, b) => a - b));
  });

  it('takes keywords from the pages with a kept library: content words, not stopwords or the site name', async () => {
    const { sourceInfo } = await analyze();
    const keywords = sourceInfo.mainKeywords.map((k) => k.toLowerCase());
    expect(keywords.length).toBeGreaterThanOrEqual(4);
    expect(keywords.length).toBeLessThanOrEqual(8);
    expect(keywords).toContain('sourdough');
    expect(keywords.some((k) => ['breads', 'bread', 'cakes', 'cardamom', 'rye'].includes(k))).toBe(true);
    for (const noise of ['the', 'and', 'our', 'aurora', 'bakery']) expect(keywords).not.toContain(noise);
  });

  it('lists the main navigation first, absolute, then the main content and footer links of the site', async () => {
    const { navigation } = await analyze();
    expect(navigation.slice(0, 5).map((l) => [l.name, l.url])).toEqual([
      ['Our breads', `${ORIGIN}/products.html`],
      ['Catering', `${ORIGIN}/catering/`],
      ['About us', `${ORIGIN}/about.html`],
      ['Prices', `${ORIGIN}/pricing.html`],
      ['Contact', `${ORIGIN}/contact.html`],
    ]);
    expect(navigation.map((l) => l.url)).toContain(`${ORIGIN}/order.html`);
    // No link back to the start page, no other site's link (Instagram), no mailto.
    expect(navigation.map((l) => l.url)).not.toContain(`${ORIGIN}/`);
    expect(navigation.every((l) => l.url.startsWith(ORIGIN))).toBe(true);
    // Descriptions come from the linked pages; calls to action from the link's kind.
    expect(navigation[0]!.description).toBe('Rye sourdough, wheat sourdough, seeded loaves and cardamom buns, baked daily.');
    expect(navigation.find((l) => l.name === 'About us')!.callToAction).toBe('Meet us');
    expect(navigation.find((l) => l.name === 'Contact')!.callToAction).toBe('Get in touch');
    expect(navigation.find((l) => l.name === 'Order online')!.callToAction).toBe('Order now');
  });

  it('offers 3–4 distinct script options naming the bakery', async () => {
    const { scripts } = await analyze();
    expect(scripts.length).toBeGreaterThanOrEqual(3);
    expect(scripts.length).toBeLessThanOrEqual(4);
    expect(new Set(scripts.map((s) => s.id)).size).toBe(scripts.length);
    expect(new Set(scripts.map((s) => s.scriptCategory)).size).toBe(scripts.length);
    expect(scripts.filter((s) => `${s.title} ${s.suggestedApproach}`.includes('Aurora Bakery')).length).toBeGreaterThanOrEqual(2);
    // The site has an order link → a call-to-action option that leads there.
    expect(scripts.find((s) => s.scriptCategory === 'lead-generation')!.suggestedApproach).toContain('Order now');
  });

  it('writes Finnish options and calls to action for language fi', async () => {
    const [en, fi] = [await analyze('en'), await analyze('fi')];
    expect(v.safeParse(AnalysisResult, fi).success).toBe(true);
    expect(fi.scripts[0]!.title).toBe('Tervetuloa – Aurora Bakery');
    expect(fi.scripts.map((s) => s.targetAudience)).not.toEqual(en.scripts.map((s) => s.targetAudience));
    expect(fi.navigation.find((l) => l.name === 'Contact')!.callToAction).toBe('Ota yhteyttä');
    // The same pages in the same order, whatever the output language.
    expect(fi.navigation.map((l) => l.url)).toEqual(en.navigation.map((l) => l.url));
  });
});

describe('extractive script of the bakery site', () => {
  it('is a valid 4–8 node script for every option and tone: one entry, every node reachable, links to the site', async () => {
    const analysis = await analyze();
    const navUrls = new Set(analysis.navigation.map((l) => l.url));
    for (const option of analysis.scripts) {
      for (const tone of AI_TONES) {
        const result = await script(analysis, option, tone);
        expect(v.safeParse(Script, result).success, `${option.id}/${tone}`).toBe(true);
        expect(scriptIssues(result)).toEqual({});
        expect(result.nodes.length).toBeGreaterThanOrEqual(4);
        expect(result.nodes.length).toBeLessThanOrEqual(8);
        expect(result.nodes[0]!.isEntryPoint).toBe(true);
        expect(result.nodes[0]!.title).toBe(option.title);
        expect(reachable(result.nodes).size).toBe(result.nodes.length);
        const external = result.nodes.flatMap((n) => n.links.filter((l) => l.type === 'external'));
        expect(external.length).toBeGreaterThanOrEqual(3);
        for (const l of external) expect(navUrls.has(l.url)).toBe(true);
        expect(allText(result)).toContain('Aurora Bakery');
        // The privacy policy is no topic of a sales video.
        expect(result.nodes.map((n) => n.title)).not.toContain('Privacy policy');
      }
    }
  });

  it('changes the wording with the tone', async () => {
    const analysis = await analyze();
    const texts = await Promise.all(AI_TONES.map(async (tone) => allText(await script(analysis, analysis.scripts[0]!, tone))));
    expect(new Set(texts).size).toBe(AI_TONES.length);
    const [persuasive, grounded, storytelling, bold] = await Promise.all(AI_TONES.map((t) => script(analysis, analysis.scripts[0]!, t)));
    expect(persuasive!.nodes[0]!.content.text).toContain('Welcome to Aurora Bakery!');
    expect(grounded!.nodes[0]!.content.text).toMatch(/^This is Aurora Bakery\./);
    expect(storytelling!.nodes[0]!.content.text).toContain('Every story has a beginning');
    expect(bold!.nodes[0]!.content.text.length).toBeLessThan(grounded!.nodes[0]!.content.text.length);
    // The site's facts stay whatever the tone: the breads node quotes the breads page.
    for (const s of [persuasive!, grounded!, storytelling!, bold!]) {
      expect(s.nodes.find((n) => n.title === 'Our breads')!.content.text).toContain('Rye sourdough, wheat sourdough');
    }
  });

  it('writes the script in Finnish for language fi', async () => {
    const analysis = await analyze('fi');
    const result = await script(analysis, analysis.scripts[0]!, 'persuasive', 'fi');
    expect(v.safeParse(Script, result).success).toBe(true);
    expect(result.nodes[0]!.content.text).toContain('Tervetuloa! Tämä on Aurora Bakery.');
    expect(result.nodes.at(-1)!.title).toBe('Seuraava askel');
    expect(result.nodes[1]!.links.map((l) => l.label)).toContain('Takaisin alkuun');
    expect(allText(result)).not.toContain('Back to start');
  });

  it('orders the topics by the chosen option', async () => {
    const analysis = await analyze();
    const byCategory = (c: string) => analysis.scripts.find((s) => s.scriptCategory === c)!;
    const story = await script(analysis, byCategory('brand-story'), 'storytelling');
    expect(story.nodes[1]!.title).toBe('About us');
    const action = await script(analysis, byCategory('lead-generation'), 'persuasive');
    expect(action.nodes[1]!.title).toBe('Prices');
    // The main call to action closes the script.
    const closing = action.nodes.at(-1)!;
    expect(closing.links).toContainEqual({ type: 'external', label: 'Order now', url: `${ORIGIN}/order.html` });
  });

  it('still writes 4 nodes for a site without navigation, from its keywords', async () => {
    const analysis = await analyze();
    const result = await generator.script(
      { sourceInfo: analysis.sourceInfo, details: analysis.scripts[0]!, navigation: [], scriptType: 'website', tone: 'grounded', language: 'en' },
      sink().status,
      signal,
    );
    expect(v.safeParse(Script, result).success).toBe(true);
    expect(result.nodes.length).toBe(4);
    expect(result.nodes[1]!.title).toBe(`About ${analysis.sourceInfo.mainKeywords[0]}`);
  });

  it('reports generating_script and stops when the job is cancelled', async () => {
    const analysis = await analyze();
    const { statuses, status } = sink();
    await generator.script({ sourceInfo: analysis.sourceInfo, details: analysis.scripts[0]!, navigation: analysis.navigation, scriptType: 'website', tone: 'bold', language: 'en' }, status, signal);
    expect(statuses).toEqual(['generating_script']);
    const aborted = AbortSignal.abort();
    await expect(generator.analyze({ site: bakeryCapture(ORIGIN), scriptType: 'website', language: 'en' }, sink().status, aborted)).rejects.toThrow();
  });
});

describe('link kinds (calls to action)', () => {
  it('reads the kind from the link text or its path, in English and Finnish', () => {
    expect(linkKind('Reach us', 'https://x.fi/contact-us/')).toBe('contact');
    expect(linkKind('Rates', 'https://x.fi/pricing.html')).toBe('pricing');
    expect(linkKind('Ota yhteyttä', 'https://x.fi/')).toBe('contact');
    expect(linkKind('Meistä', 'https://x.fi/')).toBe('about');
    expect(linkKind('Verkkokauppa', 'https://x.fi/')).toBe('order');
    expect(linkKind('Tietosuojaseloste', 'https://x.fi/')).toBe('legal');
    expect(linkKind('Our breads', 'https://x.fi/breads')).toBe('other');
  });
});

describe('a Finnish site', () => {
  it('is analysed with Finnish keywords (no <html lang>: the chosen language) and Finnish calls to action', async () => {
    const origin = 'https://leipomo.example.fi';
    const page = (path: string, title: string, paragraphs: string[], links: ParsedPage['links'] = []): ParsedPage => ({
      url: `${origin}${path}`,
      title,
      siteName: 'Leipomo Aamu',
      description: '',
      lang: '',
      headings: [{ level: 1, text: title }],
      mainText: paragraphs.join(' '),
      paragraphs,
      links,
    });
    const nav = (path: string, text: string) => ({ url: `${origin}${path}`, text, area: 'nav' as const, internal: true });
    const start = page(
      '/',
      'Tuoretta leipää joka aamu',
      ['Leipomo Aamu leipoo ruisleipää ja pullaa käsin. Ruisleipä hapatetaan vuorokauden ajan, ja pullaa leivotaan joka aamu.', 'Tilaa ruisleipää ja pullaa verkosta.'],
      [nav('/tuotteet', 'Tuotteet'), nav('/yhteystiedot', 'Yhteystiedot'), nav('/meista', 'Meistä')],
    );
    const result = await generator.analyze(
      { site: { start, pages: [page('/tuotteet', 'Tuotteet', ['Ruisleipä, kauraleipä ja korvapuusti.'])] }, scriptType: 'website', language: 'fi' },
      sink().status,
      signal,
    );
    expect(v.safeParse(AnalysisResult, result).success).toBe(true);
    expect(result.sourceInfo.mainKeywords.slice(0, 3)).toEqual(expect.arrayContaining(['pullaa']));
    for (const stop of ['ja', 'joka', 'ajan']) expect(result.sourceInfo.mainKeywords).not.toContain(stop);
    expect(result.navigation.map((l) => [l.name, l.callToAction])).toEqual([
      ['Tuotteet', 'Selaa: Tuotteet'],
      ['Yhteystiedot', 'Ota yhteyttä'],
      ['Meistä', 'Tutustu meihin'],
    ]);
    expect(result.navigation[0]!.description).toBe('Ruisleipä, kauraleipä ja korvapuusti.');
  });
});

describe('keywords of other languages', () => {
  it('ranks Finnish content words with the Finnish stopword list', async () => {
    const keywords = await extractKeywords({
      lang: 'fi',
      emphasis: ['Tuoretta leipää joka aamu', 'Leipää ja pullaa'],
      body: [
        'Aurora on perheleipomo Kalliossa. Leivomme leipää ja pullaa käsin joka aamu, ja leipä kohoaa vähintään vuorokauden.',
        'Tilaa leipää ennen kello 18 ja nouda se seuraavana aamuna. Pullaa saa myös tilauksesta.',
      ],
    });
    expect(keywords[0]).toBe('leipää');
    expect(keywords).toContain('pullaa');
    for (const stop of ['ja', 'on', 'joka', 'myös', 'ennen', 'se']) expect(keywords).not.toContain(stop);
  });
});

describe('extractive prompt scripts', () => {
  const prompt =
    'A welcome video for our dental clinic in Tampere. Explain our check-ups and teeth whitening. Tell about emergency care on weekends. Invite people to book an appointment at https://clinic.example.fi/booking.';

  it('builds source info and a valid script from the prompt', async () => {
    const { statuses, status } = sink();
    const result = await generator.fromPrompt({ prompt, tone: 'persuasive', language: 'en', botName: 'Smile Clinic' }, status, signal);
    expect(v.safeParse(ScriptResult, result).success).toBe(true);
    expect(statuses).toEqual(['generating_script']);
    expect(result.sourceInfo).toMatchObject({ sourceName: 'Smile Clinic', sourceType: 'prompt' });
    expect(result.sourceInfo.mainKeywords.map((k) => k.toLowerCase())).toEqual(expect.arrayContaining(['clinic', 'tampere']));
    expect(result.sourceInfo.mainKeywords.map((k) => k.toLowerCase())).not.toContain('video');
    const nodes = result.script.nodes;
    expect(nodes.length).toBeGreaterThanOrEqual(4);
    expect(nodes[0]!.content.text).toContain('Welcome to Smile Clinic!');
    // Instructions of the prompt become what the presenter says about their subject.
    expect(nodes[0]!.content.text).not.toContain('welcome video');
    expect(nodes.find((n) => n.title === 'Emergency care on weekends')!.content.text).toContain('about emergency care on weekends.');
    expect(allText(result.script)).not.toMatch(/\b(Explain|Tell about|Invite people)\b/);
    // The last sentence asks for a booking: it becomes the closing node, with the prompt's URL as its link.
    expect(nodes.at(-1)!.links).toContainEqual({ type: 'external', label: 'Book now', url: 'https://clinic.example.fi/booking' });
    expect(nodes.map((n) => n.title)).toEqual(['Smile Clinic', 'Check-ups', 'Emergency care on weekends', 'Your next step']);
    expect(reachable(nodes).size).toBe(nodes.length);
  });

  it("falls back to the prompt's first five words as keywords when it has no content words (spec 001 §9)", async () => {
    const result = await generator.fromPrompt({ prompt: 'Do it for them and then do it again, please.', tone: 'bold', language: 'en', botName: 'X' }, sink().status, signal);
    expect(result.sourceInfo.mainKeywords).toEqual(['Do', 'it', 'for', 'them', 'and']);
    expect(v.safeParse(ScriptResult, result).success).toBe(true);
  });

  it('writes Finnish prompt scripts for language fi', async () => {
    const result = await generator.fromPrompt(
      { prompt: 'Esittelyvideo hammaslääkäriasemallemme Tampereella. Kerro hampaiden valkaisusta. Kutsu varaamaan aika.', tone: 'grounded', language: 'fi', botName: 'Hymy' },
      sink().status,
      signal,
    );
    expect(v.safeParse(ScriptResult, result).success).toBe(true);
    expect(result.script.nodes[0]!.content.text).toContain('Tämä on Hymy.');
    expect(result.script.nodes.at(-1)!.title).toBe('Seuraava askel');
    expect(result.script.nodes.at(-1)!.content.text).toContain('Varaa aika');
  });

  it('removes a node named in an inflected Finnish form (Improve)', async () => {
    const prompt = 'Esittely hammaslääkäriasemastamme. Kerro hampaiden valkaisusta. Kerro myös päivystyksestä viikonloppuisin. Kutsu varaamaan aika.';
    const first = await generator.fromPrompt({ prompt, tone: 'grounded', language: 'fi', botName: 'Hymy' }, sink().status, signal);
    expect(first.script.nodes.map((n) => n.title)).toEqual(['Hymy', 'Hampaiden valkaisusta', 'Päivystyksestä viikonloppuisin', 'Seuraava askel']);
    const improved = await generator.fromPrompt(
      { prompt, tone: 'grounded', language: 'fi', botName: 'Hymy', feedback: 'Poista päivystys.', previousScript: first.script },
      sink().status,
      signal,
    );
    expect(improved.script.nodes.map((n) => n.title)).toEqual(['Hymy', 'Hampaiden valkaisusta', 'Seuraava askel']);
    expect(scriptIssues(improved.script)).toEqual({});
  });

  describe('Improve (feedback + previousScript)', () => {
    async function improve(feedback: string, language: AiLanguage = 'en') {
      const first = await generator.fromPrompt({ prompt, tone: 'persuasive', language, botName: 'Smile Clinic' }, sink().status, signal);
      const improved = await generator.fromPrompt(
        { prompt, tone: 'persuasive', language, botName: 'Smile Clinic', feedback, previousScript: first.script },
        sink().status,
        signal,
      );
      expect(v.safeParse(ScriptResult, improved).success).toBe(true);
      expect(scriptIssues(improved.script)).toEqual({});
      return { before: first.script, after: improved.script };
    }

    it('shortens every text for "shorter"', async () => {
      const { before, after } = await improve('Make it shorter.');
      expect(after.nodes.map((n) => n.id)).toEqual(before.nodes.map((n) => n.id));
      expect(after.nodes.map((n) => n.content.text.length).reduce((a, b) => a + b)).toBeLessThan(before.nodes.map((n) => n.content.text.length).reduce((a, b) => a + b));
    });

    it('adds a node for "add …", linked from the entry node', async () => {
      const { before, after } = await improve('Please add a part about gift cards.');
      expect(after.nodes.length).toBe(before.nodes.length + 1);
      const added = after.nodes.at(-1)!;
      expect(added.title.toLowerCase()).toMatch(/gift|cards/);
      expect(reachable(after.nodes).has(added.id)).toBe(true);
    });

    it('removes the named node for "remove …" and every link to it', async () => {
      const { before, after } = await improve('Remove the emergency part.');
      const gone = before.nodes.find((n) => /emergency/i.test(n.title))!;
      expect(gone).toBeDefined();
      expect(after.nodes.map((n) => n.id)).not.toContain(gone.id);
      expect(after.nodes.flatMap((n) => n.links).some((l) => l.type === 'internal' && l.targetId === gone.id)).toBe(false);
    });

    it('keeps the script and adds other feedback to the entry node', async () => {
      const { before, after } = await improve('Mention that parking is free.', 'en');
      // "Mention" asks to add: either a new node about parking, or the note on the entry node.
      const text = allText(after);
      expect(text.toLowerCase()).toContain('parking');
      expect(after.nodes.slice(0, before.nodes.length).map((n) => n.id)).toEqual(before.nodes.map((n) => n.id));
      const { after: noted } = await improve('Our founder Anna greets everyone personally.');
      expect(noted.nodes[0]!.content.text).toContain('We also want to say this: Our founder Anna greets everyone personally.');
    });
  });
});

describe('generator selection', () => {
  it('is extractive without OPENAI_BASE_URL and OpenAI-compatible with it', () => {
    const offline = createGenerator({ openaiBaseUrl: undefined, openaiApiKey: 'none', openaiModel: 'gpt-4o-mini' });
    expect([offline.name, offline.model]).toEqual(['extractive', null]);
    const online = createGenerator({ openaiBaseUrl: 'http://127.0.0.1:9/v1', openaiApiKey: 'k', openaiModel: 'llama3.1' });
    expect([online.name, online.model]).toEqual(['openai', 'llama3.1']);
  });
});

