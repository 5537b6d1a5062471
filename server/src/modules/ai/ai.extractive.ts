/**
 * The embedded offline AI generator (issue 16 "Without them, the embedded default still produces a
 * useful result"; spec 001 §2 AI URL wizard / AI prompt wizard, §3 AI entities, §9 tones and languages).
 * No model: everything is extracted from the parsed pages (title, headings, main text, links) or the
 * prompt, and worded through the phrasebook of the chosen language and tone (ai.phrases.ts).
 *
 * - `analyze` → `AnalysisResult`: source info (site name, 'website', keywords from ai.keywords.ts),
 *   3–4 script options (overview, offer, story, and a call-to-action one when the site has an order,
 *   contact or pricing link) and the navigation (main navigation first, then links of the main content
 *   and the footer; same-site links, absolute URLs; call to action by the link's kind; description from
 *   the linked page's meta description or first paragraph).
 * - `script` → `Script` of 4–8 nodes: the entry node (links to every topic and to the next step), one
 *   node per chosen navigation target (ordered by the chosen option's category; an external link to the
 *   page, "next" and "back to start" links) and a closing "next step" node with the main call to action.
 * - `fromPrompt` → `ScriptResult`: keywords of the prompt (the prompt's first 5 words when none are
 *   found, spec 001 §9), an entry node from the first sentence, topic nodes from the other sentences
 *   (or the keywords), a closing node; with `feedback` + `previousScript` (Improve) the previous script
 *   is kept and the feedback applied: shorter, add a topic, remove a topic, otherwise the feedback is
 *   added to the entry node.
 *
 * Every answer passes the ai.schemas.ts schemas; a failure of that self-check throws `GeneratorError`.
 */
import * as v from 'valibot';
import { AnalysisResult, AI_LIMITS, PROMPT_FALLBACK_KEYWORDS, Script, ScriptResult } from './ai.schemas';
import type { AiLanguage, NavigationLink, ScriptLink, ScriptNode, ScriptOption, SourceInfo } from './ai.schemas';
import { GeneratorError } from './ai.types';
import type { AiGenerator, AnalyzeInput, ParsedPage, PageLink, PromptInput, ScriptInput, SiteCapture, StatusSink } from './ai.types';
import { clip, extractKeywords, sentences, words } from './ai.keywords';
import { LINK_KIND_WORDS, phrasebook, type LinkKind, type Phrasebook, type ToneWording } from './ai.phrases';

/** Link kinds that are a call to action, most wanted first. */
const ACTION_KINDS = ['order', 'booking', 'contact', 'pricing'] as const;

/** Navigation links the analysis returns at most. */
const MAX_NAVIGATION = 10;
/** Topic nodes of a script at most (+ entry + closing = 7 ≤ 8 nodes). */
const MAX_TOPICS = 5;
/** Topic nodes at least (+ entry + closing = 4 nodes). */
const MIN_TOPICS = 2;
/** Keywords of the source info. */
const MAX_KEYWORDS = 8;

/** The extractive generator (`name` 'extractive', `model` null). */
export function createExtractiveGenerator(): AiGenerator {
  return {
    name: 'extractive',
    model: null,
    async analyze(input, status, signal) {
      return analyzeSite(input, status, signal);
    },
    async script(input, status, signal) {
      await status('generating_script');
      signal.throwIfAborted();
      return checked(Script, buildScript(input), 'script');
    },
    async fromPrompt(input, status, signal) {
      await status('generating_script');
      signal.throwIfAborted();
      return checked(ScriptResult, await scriptFromPrompt(input), 'script');
    },
  };
}

function checked<S extends v.GenericSchema>(schema: S, value: v.InferInput<S>, what: string): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (!result.success) {
    const issues = result.issues.map((i) => `${v.getDotPath(i) ?? '(root)'}: ${i.message}`).join('; ');
    throw new GeneratorError(`The embedded generator produced an invalid ${what}: ${issues}`);
  }
  return result.output;
}

// ---------------------------------------------------------------------------------------------
// Analysis

async function analyzeSite(input: AnalyzeInput, status: StatusSink, signal: AbortSignal): Promise<AnalysisResult> {
  const { site, language } = input;
  const pb = phrasebook(language);
  const pages = [site.start, ...site.pages];

  await status('analyzing_content');
  signal.throwIfAborted();
  const sourceName = clip(site.start.siteName || hostname(site.start.url) || site.start.title, AI_LIMITS.title) || 'Website';
  const keywords = await extractKeywords({
    // A page without <html lang> is read in the language the user asked for.
    lang: site.start.lang || language,
    // A title repeated as the h1 counts once.
    emphasis: [...new Set(pages.flatMap((p) => [p.title, ...p.headings.map((h) => h.text)]))],
    body: pages.flatMap((p) => [p.description, p.mainText]),
    // The name is the source name already; its words are no keywords.
    exclude: words(sourceName, site.start.lang),
    max: MAX_KEYWORDS,
  });

  await status('analyzing_source');
  signal.throwIfAborted();
  const sourceInfo: SourceInfo = { sourceName, sourceType: 'website', mainKeywords: keywords };

  await status('generating_suggestions');
  signal.throwIfAborted();
  const navigation = siteNavigation(site, pb, sourceName);
  const scripts = scriptOptions(site.start, sourceInfo, navigation, pb);

  // The navigation was read above (the options name its pages); this step reports it.
  await status('analyzing_navigation');
  signal.throwIfAborted();

  return checked(AnalysisResult, { sourceInfo, scripts, navigation }, 'analysis');
}

function hostname(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return '';
  }
}

/** `url` without its fragment (links to the same page compare equal). */
function withoutHash(url: string): string {
  try {
    const u = new URL(url);
    u.hash = '';
    return u.href;
  } catch {
    return url;
  }
}

/** The kind of a link, from the words of its name and URL path (ai.phrases.ts `LINK_KIND_WORDS`). */
export function linkKind(name: string, url: string): LinkKind {
  let path = '';
  try {
    path = new URL(url).pathname;
  } catch {
    // keep ''
  }
  // Path segments split at '/', '.', '-' and '_' ("/contact-us/", "pricing.html").
  const pathWords = path.split(/[/._-]+/).filter(Boolean);
  const tokens = new Set([...words(name), ...pathWords].map((w) => w.toLowerCase()));
  for (const [kind, list] of Object.entries(LINK_KIND_WORDS) as Array<[Exclude<LinkKind, 'other'>, string[]]>) {
    if (list.some((w) => tokens.has(w))) return kind;
  }
  return 'other';
}

/**
 * Navigation links of the site: the start page's navigation menus first, then same-site links of its
 * main content, then of its footer (and external links of the menus); no links back to the start page,
 * no duplicates, at most MAX_NAVIGATION.
 */
function siteNavigation(site: SiteCapture, pb: Phrasebook, sourceName: string): NavigationLink[] {
  const byUrl = new Map<string, ParsedPage>();
  for (const page of [site.start, ...site.pages]) byUrl.set(withoutHash(page.url), page);
  const start = withoutHash(site.start.url);
  const origin = safeOrigin(site.start.url);
  const seen = new Set<string>([start, `${origin}/`]);
  const ordered: PageLink[] = [
    ...site.start.links.filter((l) => l.area === 'nav'),
    ...site.start.links.filter((l) => l.area === 'main' && l.internal),
    ...site.start.links.filter((l) => l.area === 'footer' && l.internal),
  ];
  const out: NavigationLink[] = [];
  for (const link of ordered) {
    if (out.length >= MAX_NAVIGATION) break;
    if (!/^https?:$/.test(safeProtocol(link.url))) continue;
    const url = withoutHash(link.url);
    if (seen.has(url)) continue;
    const page = byUrl.get(url);
    const name = clip(link.text || page?.title || '', AI_LIMITS.title);
    if (!name) continue;
    seen.add(url);
    const kind = linkKind(name, url);
    const description = page ? pageSummary(page) : '';
    out.push({
      name,
      url,
      callToAction: clip(pb.cta[kind](name), AI_LIMITS.title),
      description: clip(description || pb.linkDescription(name, sourceName), 400, page?.lang),
    });
  }
  return out;
}

function safeOrigin(url: string): string {
  try {
    return new URL(url).origin;
  } catch {
    return '';
  }
}

function safeProtocol(url: string): string {
  try {
    return new URL(url).protocol;
  } catch {
    return '';
  }
}

/** What a page says of itself: its meta description, else its first paragraph, else its first sentences. */
function pageSummary(page: ParsedPage): string {
  const text = page.description || page.paragraphs.find((p) => p.trim()) || sentences(page.mainText, page.lang).slice(0, 2).join(' ');
  return clip(text, 400, page.lang);
}

/** 3–4 script options: overview, offer, story and (with an action link) a call-to-action option. */
function scriptOptions(start: ParsedPage, sourceInfo: SourceInfo, navigation: NavigationLink[], pb: Phrasebook): ScriptOption[] {
  const site = sourceInfo.sourceName;
  const keywords = pb.list(sourceInfo.mainKeywords.slice(0, 3)) || site;
  const content = navigation.filter((l) => linkKind(l.name, l.url) !== 'legal');
  const topics = pb.list(content.slice(0, 3).map((l) => l.name)) || keywords;
  const offerLinks = content.filter((l) => ['products', 'services', 'other'].includes(linkKind(l.name, l.url)));
  const offerTopic = offerLinks[0]?.name ?? sourceInfo.mainKeywords[0] ?? site;
  const headline = start.headings.find((h) => h.level === 1)?.text ?? '';
  const action = primaryAction(navigation);

  const option = (id: string, category: string, w: { title: string; targetAudience: string; suggestedApproach: string }): ScriptOption => ({
    id,
    title: clip(w.title, AI_LIMITS.title),
    targetAudience: clip(w.targetAudience, AI_LIMITS.text),
    suggestedApproach: clip(w.suggestedApproach, AI_LIMITS.text),
    scriptCategory: category,
  });
  const options = [
    option('overview', 'overview', pb.options.overview({ site, keywords, topics })),
    option('offer', 'product', pb.options.offer({ site, topic: offerTopic, topics: pb.list(offerLinks.slice(0, 3).map((l) => l.name)) || keywords })),
    option('story', 'brand-story', pb.options.story({ site, headline: clip(headline, 120) })),
  ];
  if (action) options.push(option('action', 'lead-generation', pb.options.action({ site, action: action.callToAction || action.name })));
  return options;
}

/** The link of the main call to action: an order link, else booking, else contact, else pricing. */
function primaryAction(navigation: NavigationLink[]): NavigationLink | undefined {
  for (const kind of ACTION_KINDS) {
    const found = navigation.find((l) => linkKind(l.name, l.url) === kind);
    if (found) return found;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------
// Script (URL wizard step 4)

/** Which link kinds a script category puts first. */
const CATEGORY_ORDER: Record<string, LinkKind[]> = {
  overview: [],
  product: ['products', 'services', 'other', 'pricing'],
  'brand-story': ['about', 'other', 'products', 'services'],
  'lead-generation': ['pricing', 'order', 'booking', 'contact', 'products', 'services'],
};

interface Topic {
  name: string;
  description: string;
  url?: string;
  callToAction?: string;
}

function buildScript(input: ScriptInput): Script {
  const pb = phrasebook(input.language);
  const site = input.sourceInfo.sourceName;
  const links = input.navigation.map((l) => ({ ...l, kind: linkKind(l.name, l.url) })).filter((l) => l.kind !== 'legal');
  const action = primaryAction(links);
  const category = input.details.scriptCategory || input.details.id;
  const preferred = CATEGORY_ORDER[category] ?? [];
  const rank = (kind: LinkKind) => {
    const i = preferred.indexOf(kind);
    return i === -1 ? preferred.length : i;
  };
  const topics: Topic[] = links
    .filter((l) => l !== action)
    .map((l, index) => ({ l, index }))
    .sort((a, b) => rank(a.l.kind) - rank(b.l.kind) || a.index - b.index)
    .slice(0, MAX_TOPICS)
    .map(({ l }) => ({ name: l.name, description: l.description, url: l.url, callToAction: l.callToAction }));
  for (const keyword of input.sourceInfo.mainKeywords) {
    if (topics.length >= MIN_TOPICS) break;
    topics.push({ name: pb.labels.keywordTopic(keyword), description: pb.aboutTopic(keyword, site) });
  }
  while (topics.length < MIN_TOPICS) topics.push({ name: input.details.title, description: input.details.suggestedApproach });
  return assembleScript({
    pb,
    tone: pb.tones[input.tone],
    site,
    title: input.details.title || site,
    keywords: input.sourceInfo.mainKeywords,
    topics,
    action: action ? { label: action.callToAction || action.name, url: action.url } : { label: pb.defaultAction },
    language: input.language,
  });
}

interface Assembly {
  pb: Phrasebook;
  tone: ToneWording;
  site: string;
  /** Entry node title. */
  title: string;
  keywords: string[];
  topics: Topic[];
  /** The closing node's call to action (and its page, when known). */
  action: { label: string; url?: string };
  language: AiLanguage;
}

const ENTRY_ID = 'start';
const CLOSING_ID = 'next-step';

/** Entry node → topics → closing node, linked as described in the module comment. */
function assembleScript(a: Assembly): Script {
  const { pb, tone, site } = a;
  const label = (text: string) => clip(text, 80, a.language);
  const keywords = pb.list(a.keywords.slice(0, 3)) || site;
  const topicIds = a.topics.map((_, i) => `topic-${i + 1}`);
  const entry: ScriptNode = {
    id: ENTRY_ID,
    title: clip(a.title, AI_LIMITS.title),
    isEntryPoint: true,
    content: {
      text: clip(tone.intro({ site, keywords, topics: pb.list(a.topics.map((t) => t.name)) }), AI_LIMITS.nodeText, a.language),
      videoDescription: clip(tone.videoIntro({ site, keywords }), AI_LIMITS.text, a.language),
    },
    links: [
      ...a.topics.map((t, i): ScriptLink => ({ type: 'internal', label: label(t.name), targetId: topicIds[i]! })),
      { type: 'internal' as const, label: label(pb.labels.nextStep), targetId: CLOSING_ID },
    ].slice(0, AI_LIMITS.linksPerNode),
  };
  const topicNodes = a.topics.map((t, i): ScriptNode => {
    const nextId = topicIds[i + 1] ?? CLOSING_ID;
    const next = a.topics[i + 1];
    const description = clip(t.description || pb.aboutTopic(t.name, site), 700, a.language);
    const links: ScriptLink[] = [];
    if (t.url) links.push({ type: 'external', label: label(t.callToAction || t.name), url: t.url });
    links.push({ type: 'internal', label: label(next ? pb.labels.next(next.name) : pb.labels.nextStep), targetId: nextId });
    links.push({ type: 'internal', label: label(pb.labels.back), targetId: ENTRY_ID });
    return {
      id: topicIds[i]!,
      title: clip(t.name, AI_LIMITS.title),
      isEntryPoint: false,
      content: {
        text: clip(tone.topic({ site, name: t.name, description }), AI_LIMITS.nodeText, a.language),
        videoDescription: clip(tone.videoTopic({ site, name: t.name, description }), AI_LIMITS.text, a.language),
      },
      links,
    };
  });
  const closingLinks: ScriptLink[] = [];
  if (a.action.url) closingLinks.push({ type: 'external', label: label(a.action.label), url: a.action.url });
  closingLinks.push({ type: 'internal', label: label(pb.labels.back), targetId: ENTRY_ID });
  const closing: ScriptNode = {
    id: CLOSING_ID,
    title: clip(pb.labels.nextStep, AI_LIMITS.title),
    isEntryPoint: false,
    content: {
      text: clip(tone.closing({ site, action: a.action.label }), AI_LIMITS.nodeText, a.language),
      videoDescription: clip(tone.videoClosing({ site, action: a.action.label }), AI_LIMITS.text, a.language),
    },
    links: closingLinks,
  };
  return { nodes: [entry, ...topicNodes, closing] };
}

// ---------------------------------------------------------------------------------------------
// Prompt wizard

/** The first `n` words of `text` (spec 001 §9 fallback keywords). */
export function firstWords(text: string, n: number, lang = 'en'): string[] {
  return words(text, lang)
    .slice(0, n)
    .map((w) => w.slice(0, 60));
}

/** http(s) URLs written in `text` (whitespace-separated tokens, trailing punctuation dropped). */
function urlsIn(text: string): string[] {
  const out: string[] = [];
  for (const token of text.split(/\s+/)) {
    const candidate = token.replace(/^[(<"'“”]+|[)>"'“”.,;:!?]+$/g, '');
    try {
      const u = new URL(candidate);
      if ((u.protocol === 'http:' || u.protocol === 'https:') && !out.includes(u.href)) out.push(u.href);
    } catch {
      // not a URL
    }
  }
  return out;
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** Words of a prompt that speak about the video itself, not its subject (no keywords, no topics). */
const PROMPT_META_WORDS = ['video', 'videos', 'vidbot', 'script', 'welcome', 'intro', 'introduction', 'people', 'viewers', 'visitors', 'video', 'videon', 'videossa', 'esittelyvideo', 'käsikirjoitus', 'katsojat', 'ihmiset'];

/**
 * Instruction verbs a prompt sentence may start with ("Explain our check-ups"), with the words that may
 * follow them ("Tell about", "Invite people to"); en + fi, lower case.
 */
const PROMPT_INSTRUCTIONS = {
  verbs: ['explain', 'tell', 'talk', 'describe', 'mention', 'show', 'present', 'introduce', 'highlight', 'cover', 'invite', 'ask', 'encourage', 'remind', 'kerro', 'esittele', 'kuvaile', 'mainitse', 'näytä', 'kutsu', 'pyydä', 'kannusta', 'muistuta'],
  after: ['about', 'people', 'viewers', 'visitors', 'customers', 'them', 'to', 'us', 'myös', 'ihmisiä', 'katsojia', 'asiakkaita'],
};

/**
 * A prompt sentence as the subject it names: "Explain our check-ups and whitening." → "our check-ups
 * and whitening", with `instruction` true; a sentence that is content already comes back unchanged.
 */
function promptSubject(sentence: string, lang: string): { subject: string; instruction: boolean } {
  const segments = Array.from(new Intl.Segmenter(lang, { granularity: 'word' }).segment(sentence)).filter((s) => s.isWordLike);
  const first = segments[0];
  if (!first || !PROMPT_INSTRUCTIONS.verbs.includes(first.segment.toLowerCase())) return { subject: sentence, instruction: false };
  let i = 1;
  while (segments[i] && PROMPT_INSTRUCTIONS.after.includes(segments[i]!.segment.toLowerCase())) i++;
  const rest = segments[i] ? sentence.slice(segments[i]!.index) : '';
  return { subject: rest.replace(/[.!?]+$/, '').trim(), instruction: true };
}

async function scriptFromPrompt(input: PromptInput) {
  const pb = phrasebook(input.language);
  const site = clip(input.botName, AI_LIMITS.title);
  const found = await extractKeywords({ lang: input.language, emphasis: [], body: [input.prompt], exclude: [...PROMPT_META_WORDS, ...PROMPT_INSTRUCTIONS.verbs], max: MAX_KEYWORDS });
  const mainKeywords = found.length > 0 ? found : firstWords(input.prompt, PROMPT_FALLBACK_KEYWORDS, input.language);
  const sourceInfo: SourceInfo = { sourceName: site || 'Prompt', sourceType: 'prompt', mainKeywords };
  const script =
    input.previousScript && input.feedback?.trim()
      ? await improveScript(input, input.previousScript, input.feedback.trim(), sourceInfo, pb)
      : buildPromptScript(input, sourceInfo, pb);
  return { sourceInfo, script };
}

/** Topic name of a sentence: the first keyword it contains, else its first words. */
function sentenceTopic(sentence: string, keywords: string[], used: Set<string>, lang: string): string {
  const tokens = new Set(words(sentence, lang).map((w) => w.toLowerCase()));
  const keyword = keywords.find((k) => !used.has(k.toLowerCase()) && words(k, lang).every((w) => tokens.has(w.toLowerCase())));
  if (keyword) {
    used.add(keyword.toLowerCase());
    return capitalise(keyword);
  }
  return capitalise(clip(firstWords(sentence, 4, lang).join(' '), 60, lang));
}

/**
 * True when two words are forms of one word: equal, or sharing a long prefix (Finnish inflects by
 * suffixes: "päivystys" / "päivystyksestä", "varaa" / "varaamaan"; English "whiten" / "whitening").
 */
export function sameWord(a: string, b: string): boolean {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x === y) return true;
  let common = 0;
  while (common < x.length && common < y.length && x[common] === y[common]) common++;
  return common >= Math.max(5, Math.min(x.length, y.length) - 3);
}

/** The kind of action a sentence asks for (order / booking / contact / pricing), or null. */
function actionKindOf(sentence: string, lang: string): (typeof ACTION_KINDS)[number] | null {
  const tokens = words(sentence, lang);
  for (const kind of ACTION_KINDS) {
    if (LINK_KIND_WORDS[kind].some((w) => tokens.some((t) => sameWord(t, w)))) return kind;
  }
  return null;
}

function buildPromptScript(input: PromptInput, sourceInfo: SourceInfo, pb: Phrasebook): Script {
  const lang = input.language;
  const site = sourceInfo.sourceName;
  const all = sentences(input.prompt, lang);
  const url = urlsIn(input.prompt)[0];
  // A last sentence that asks for an action (book, order, contact …) becomes the closing node.
  const lastKind = all.length >= 3 ? actionKindOf(all.at(-1)!, lang) : null;
  const body = lastKind ? all.slice(0, -1) : all;
  const used = new Set<string>();
  const withoutUrls = (text: string) => (url ? text.split(/\s+/).filter((t) => !t.includes(url.replace(/\/$/, ''))).join(' ') : text);
  let topics: Topic[] = body
    .slice(1, 1 + MAX_TOPICS)
    .map((s) => {
      const { subject, instruction } = promptSubject(withoutUrls(s), lang);
      // A short subject ("emergency care on weekends") is the best title; else the sentence's first keyword.
      const short = instruction && subject && words(subject, lang).length <= 5;
      const name = short ? capitalise(subject) : sentenceTopic(subject || s, sourceInfo.mainKeywords, used, lang);
      return { name, description: instruction ? pb.aboutTopic(subject || name, site) : s };
    });
  if (topics.length < MIN_TOPICS) {
    const extra = sourceInfo.mainKeywords
      .filter((k) => !used.has(k.toLowerCase()))
      .slice(0, 3)
      .map((k) => ({ name: capitalise(k), description: pb.aboutTopic(k, site) }));
    topics = [...topics, ...extra].slice(0, Math.max(MIN_TOPICS, topics.length));
  }
  while (topics.length < MIN_TOPICS) topics.push({ name: clip(all[0] ?? input.prompt, 80, lang), description: all[0] ?? input.prompt });
  const actionKind = lastKind ?? (all.length > 0 ? actionKindOf(all.at(-1)!, lang) : null);
  const script = assembleScript({
    pb,
    tone: pb.tones[input.tone],
    site,
    title: site,
    keywords: sourceInfo.mainKeywords,
    topics,
    action: { label: actionKind ? pb.cta[actionKind]('') : pb.defaultAction, url },
    language: lang,
  });
  // The entry node also says what the prompt's first sentence says, when it is content (not an instruction
  // or a sentence about the video).
  const entry = script.nodes[0]!;
  const opening = all[0] ?? '';
  const meta = words(opening, lang).some((w) => PROMPT_META_WORDS.includes(w.toLowerCase())) || promptSubject(opening, lang).instruction;
  if (opening && !meta) entry.content.text = clip(`${entry.content.text} ${withoutUrls(opening)}`, AI_LIMITS.nodeText, lang);
  return script;
}

/** Words of Improve feedback that ask for each change (en + fi, lower case). */
const FEEDBACK_WORDS = {
  shorter: ['shorter', 'short', 'brief', 'briefer', 'concise', 'shorten', 'lyhyempi', 'lyhyemmäksi', 'lyhyempää', 'lyhyemmin', 'lyhennä', 'tiiviimpi', 'tiivistä', 'tiiviimmin'],
  add: ['add', 'include', 'mention', 'lisää', 'mainitse', 'kerro'],
  remove: ['remove', 'delete', 'drop', 'without', 'skip', 'poista', 'pois', 'ilman', 'jätä'],
  /** Words for "a part of the script", never the subject of a new node. */
  parts: ['node', 'nodes', 'part', 'parts', 'section', 'sections', 'slide', 'slides', 'step', 'osa', 'osan', 'osio', 'osion', 'kohta', 'kohdan', 'dia', 'dian', 'vaihe', 'vaiheen', 'aiheesta', 'aihe'],
};

/**
 * Improve (prompt wizard): `previous` with `feedback` applied, per sentence of the feedback — "shorter"
 * keeps the first two sentences of every text; "add … X" adds a topic node for X linked from the entry;
 * "remove … X" removes the node whose title shares a word with the sentence; anything else is added to
 * the entry node's text. Node ids of the kept nodes do not change.
 */
async function improveScript(input: PromptInput, previous: Script, feedback: string, sourceInfo: SourceInfo, pb: Phrasebook): Promise<Script> {
  const lang = input.language;
  const tone = pb.tones[input.tone];
  const script: Script = structuredClone(previous);
  const unmatched: string[] = [];
  for (const sentence of sentences(feedback, lang)) {
    const tokens = words(sentence, lang).map((w) => w.toLowerCase());
    const has = (list: string[]) => tokens.some((t) => list.includes(t));
    if (has(FEEDBACK_WORDS.remove)) {
      const content = new Set(tokens.filter((t) => t.length >= 4 && !FEEDBACK_WORDS.remove.includes(t)));
      const mentions = (text: string) => words(text, lang).some((w) => [...content].some((c) => sameWord(w, c)));
      const victim =
        script.nodes.find((n) => !n.isEntryPoint && mentions(n.title)) ?? script.nodes.find((n) => !n.isEntryPoint && mentions(n.content.text));
      if (victim) {
        script.nodes = script.nodes.filter((n) => n !== victim);
        for (const n of script.nodes) n.links = n.links.filter((l) => l.type !== 'internal' || l.targetId !== victim.id);
        continue;
      }
    }
    if (has(FEEDBACK_WORDS.add) && script.nodes.length < AI_LIMITS.nodes) {
      const titles = new Set(script.nodes.flatMap((n) => words(n.title, lang).map((w) => w.toLowerCase())));
      const keywords = await extractKeywords({ lang, emphasis: [], body: [sentence], max: 5 });
      const candidates = keywords.filter((k) => !FEEDBACK_WORDS.add.includes(k.toLowerCase()) && !FEEDBACK_WORDS.parts.includes(k.toLowerCase()));
      const topic = candidates.find((k) => !titles.has(k.toLowerCase()));
      if (topic) {
        addTopicNode(script, capitalise(topic), tone, pb, sourceInfo.sourceName, lang);
        continue;
      }
    }
    if (has(FEEDBACK_WORDS.shorter)) {
      for (const n of script.nodes) n.content.text = sentences(n.content.text, lang).slice(0, 2).join(' ');
      continue;
    }
    unmatched.push(sentence);
  }
  const entry = script.nodes.find((n) => n.isEntryPoint) ?? script.nodes[0];
  if (entry && unmatched.length > 0) {
    entry.content.text = clip(`${entry.content.text} ${pb.feedbackNote(unmatched.join(' '))}`, AI_LIMITS.nodeText, lang);
  }
  return script;
}

function addTopicNode(script: Script, name: string, tone: ToneWording, pb: Phrasebook, site: string, lang: AiLanguage) {
  const ids = new Set(script.nodes.map((n) => n.id));
  let i = script.nodes.length;
  while (ids.has(`topic-${i}`)) i++;
  const id = `topic-${i}`;
  const entry = script.nodes.find((n) => n.isEntryPoint) ?? script.nodes[0]!;
  const description = pb.aboutTopic(name, site);
  script.nodes.push({
    id,
    title: clip(name, AI_LIMITS.title),
    isEntryPoint: false,
    content: {
      text: clip(tone.topic({ site, name, description }), AI_LIMITS.nodeText, lang),
      videoDescription: clip(tone.videoTopic({ site, name, description }), AI_LIMITS.text, lang),
    },
    links: [{ type: 'internal', label: clip(pb.labels.back, 80, lang), targetId: entry.id }],
  });
  const from = entry.links.length < AI_LIMITS.linksPerNode ? entry : script.nodes.find((n) => n.id !== id && n.links.length < AI_LIMITS.linksPerNode);
  from?.links.push({ type: 'internal', label: clip(name, 80, lang), targetId: id });
}

