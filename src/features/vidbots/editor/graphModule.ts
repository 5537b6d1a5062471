/**
 * The bot-graph module (./GraphPanel: the analysis of machines/vidbot/vidbot.graph.ts with
 * @dagrejs/graphlib and its panel, ~7 KB gzip), imported when first needed instead of with the editor
 * routes (issue 10 §2 size budget): by the content tab's graph panel and marks, and by the publish
 * warnings of the editor's top bar.
 */
import { useEffect, useState } from 'react';

/** Imports the graph module (the bundler fetches it once). */
export const loadGraphModule = () => import('./GraphPanel');
/** The graph module's exports. */
export type GraphModule = Awaited<ReturnType<typeof loadGraphModule>>;

/** The graph module once loaded (null before; the import starts on mount). */
export function useGraphModule(): GraphModule | null {
  const [graph, setGraph] = useState<GraphModule | null>(null);
  useEffect(() => {
    let live = true;
    loadGraphModule().then(
      (m) => live && setGraph(() => m),
      () => undefined, // no graph without its module: the tab works without marks (a publish reports the failure)
    );
    return () => {
      live = false;
    };
  }, []);
  return graph;
}
