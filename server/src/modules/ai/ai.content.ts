/**
 * A video script (ai.schemas.ts `Script`) as a vidbot content document (bot.schemas.ts
 * `StoredContent`) — issue 16 "create the vidbot from the script (Private, slides and buttons from the
 * nodes, external links as actions)"; architecture note decision 5. Pure; ai.service.ts stores it as
 * revision 1 of a new vidbot.
 *
 * Mapping:
 * - one slide per node, the entry node first (category INTRO), the others in script order (SLIDE);
 *   slide ids 1..n; type VIDEO without media (the customer films or uploads it); `name` = the node's
 *   title; `description` = the node's text, a blank line and "Video: " + its video description (either
 *   part left out when empty);
 * - an internal link → a button of type SLIDE whose `targetId` is the target node's slide id;
 * - an external link → an EXTERNAL_LINK action (`externalLinkType` url, `linkType` new_tab, `name` =
 *   the link's label) and a button of type EXTERNAL_LINK pointing at it; links to the same URL share
 *   one action (action ids 1..m in order of first use);
 * - button ids 1..k within each slide, in the node's link order; button `name` = the link's label.
 */
import type { StoredContent, StoredSlide, SlideOption } from '../bot/bot.schemas';
import type { ExternalLinkAction } from '../bot/content.rules';
import type { Script, ScriptNode } from './ai.schemas';

/** Prefix of the video direction in a generated slide's description. */
export const VIDEO_DESCRIPTION_PREFIX = 'Video: ';

/** A node's slide description: text, blank line, "Video: " + videoDescription (empty parts left out). */
export function slideDescription(node: Pick<ScriptNode, 'content'>): string {
  const text = node.content.text.trim();
  const video = node.content.videoDescription.trim();
  return [text, video ? `${VIDEO_DESCRIPTION_PREFIX}${video}` : ''].filter(Boolean).join('\n\n');
}

/**
 * The content document of a script (see the module comment). The script is assumed consistent
 * (`scriptIssues` empty: one entry point, internal links name existing nodes); an internal link to an
 * unknown node is left out rather than producing an invalid button.
 */
export function scriptToContent(script: Script): StoredContent {
  const entry = script.nodes.find((n) => n.isEntryPoint) ?? script.nodes[0];
  const ordered = entry ? [entry, ...script.nodes.filter((n) => n !== entry)] : [];
  const slideIdOf = new Map<string, number>(ordered.map((n, i) => [n.id, i + 1]));
  const actions: ExternalLinkAction[] = [];
  const actionIdOf = new Map<string, number>();

  const slides: StoredSlide[] = ordered.map((node, i) => {
    const options: SlideOption[] = [];
    for (const link of node.links) {
      if (link.type === 'internal') {
        const targetId = slideIdOf.get(link.targetId);
        if (targetId === undefined) continue;
        options.push({ id: options.length + 1, name: link.label, type: 'SLIDE', targetId });
      } else {
        let actionId = actionIdOf.get(link.url);
        if (actionId === undefined) {
          actionId = actions.length + 1;
          actionIdOf.set(link.url, actionId);
          actions.push({ id: actionId, name: link.label, type: 'EXTERNAL_LINK', url: link.url, externalLinkType: 'url', linkType: 'new_tab' });
        }
        options.push({ id: options.length + 1, name: link.label, type: 'EXTERNAL_LINK', targetId: actionId });
      }
    }
    return {
      id: i + 1,
      name: node.title,
      description: slideDescription(node),
      category: i === 0 ? 'INTRO' : 'SLIDE',
      type: 'VIDEO',
      videoId: null,
      imageId: null,
      options,
    };
  });
  return { slides, actions, theme: {}, settings: {} };
}
