/**
 * The publish flow's graph warnings (issue 11 "publishing with unreachable slides warns but does not
 * block"): the warnings of the live draft and the list the publish confirmation shows.
 *
 * HOOK POINT for helper "graph" (src/features/vidbots/editor/GraphPanel.tsx exports
 * `useBotGraph(content)`, `publishWarnings(graph, content)` — defined in machines/vidbot/vidbot.graph.ts —
 * and `<PublishWarningList warnings/>`). That module is not on this branch; until it is merged this
 * answers no warnings. After the merge the body becomes (checked to typecheck and to open the
 * confirmation against main's GraphPanel):
 * ```ts
 * import { useMemo } from 'react';
 * import { PublishWarningList, publishWarnings, useBotGraph } from './GraphPanel';
 * const graph = useBotGraph(content);
 * const warnings = useMemo(() => publishWarnings(graph, content), [graph, content]);
 * return { count: warnings.length, list: <PublishWarningList warnings={warnings} /> };
 * ```
 * The editor machine asks for confirmation whenever `count > 0` (machines/editor, `confirmingPublish`).
 */
import type { ReactNode } from 'react';
import type { BotContent } from '../vidbot.types';

/** The draft's publish warnings: how many, and their list for the confirmation dialog. */
export interface PublishWarningsView {
  count: number;
  list: ReactNode;
}

/** The publish warnings of `content` (none until helper "graph"'s GraphPanel is merged; see above). */
export function usePublishWarnings(content: BotContent): PublishWarningsView {
  void content;
  return { count: 0, list: null };
}
