/**
 * The publish flow's graph warnings (issue 11 "publishing with unreachable slides warns but does not
 * block"): the warnings of a draft (`publishWarnings(botGraph(content), content)`,
 * machines/vidbot/vidbot.graph.ts) and the list the publish confirmation shows. `count` is the editor
 * machine's `countPublishWarnings` actor (machines/editor `checkingWarnings`), which asks for
 * confirmation whenever it answers more than 0; publishing is never blocked.
 *
 * The graph analysis (GraphPanel with @dagrejs/graphlib, ~7 KB gzip) is not part of the editor
 * layout's chunk (issue 10 §2 size budget: every editor sub-route carries the layout): it is imported
 * after the layout's first render, and a Publish chosen before it arrived waits for it.
 */
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import type { BotContent } from '../vidbot.types';
import { loadGraphModule as loadGraph, type GraphModule } from './graphModule';

type Warnings = ReturnType<GraphModule['publishWarnings']>;

/** The draft's publish warnings: how many (once the analysis is loaded), and their list for the confirmation dialog. */
export interface PublishWarningsView {
  /** The number of warnings of `content` (stable function). @throws when the analysis module cannot be loaded. */
  count: (content: BotContent) => Promise<number>;
  /** The warning list of the last count (empty before one). */
  list: ReactNode;
}

/** Publish warnings (unreachable slides and actions, buttons whose target is deleted): a counter and the last count's list. */
export function usePublishWarnings(): PublishWarningsView {
  const [shown, setShown] = useState<{ module: GraphModule; warnings: Warnings } | null>(null);
  // Fetch the analysis once the editor has rendered, off its critical path.
  useEffect(() => void loadGraph().catch(() => undefined), []);
  const count = useCallback(async (content: BotContent) => {
    const module = await loadGraph();
    const warnings = module.publishWarnings(module.botGraph(content), content);
    setShown({ module, warnings });
    return warnings.length;
  }, []);
  return { count, list: shown ? <shown.module.PublishWarningList warnings={shown.warnings} /> : null };
}
