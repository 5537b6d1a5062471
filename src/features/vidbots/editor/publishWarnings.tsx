/**
 * The publish flow's graph warnings (issue 11 "publishing with unreachable slides warns but does not
 * block"): the warnings of the live draft (`publishWarnings(botGraph(content), content)`,
 * machines/vidbot/vidbot.graph.ts) and the list the publish confirmation shows. The editor machine
 * asks for confirmation whenever `count > 0` (machines/editor, `confirmingPublish`); publishing is
 * never blocked.
 */
import { useMemo, type ReactNode } from 'react';
import type { BotContent } from '../vidbot.types';
import { PublishWarningList, publishWarnings, useBotGraph } from './GraphPanel';

/** The draft's publish warnings: how many, and their list for the confirmation dialog. */
export interface PublishWarningsView {
  count: number;
  list: ReactNode;
}

/** The publish warnings of `content` (unreachable slides and actions, buttons whose target is deleted). */
export function usePublishWarnings(content: BotContent): PublishWarningsView {
  const graph = useBotGraph(content);
  const warnings = useMemo(() => publishWarnings(graph, content), [graph, content]);
  return { count: warnings.length, list: <PublishWarningList warnings={warnings} /> };
}
