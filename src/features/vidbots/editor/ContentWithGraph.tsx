/**
 * The content tab with the bot's own graph (issue 11 "The bot's own graph"): the live draft is analysed
 * once (`botGraph` of the deferred content), the findings panel is mounted above the sections and the
 * affected cards carry text badges — unreachable, dead end, loop for slides; unreachable for actions —
 * so the marks never rely on colour alone. The analysis and the panel (./graphModule) load after the
 * tab's first render; until then the tab shows no marks and no panel.
 */
import { useDeferredValue, useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ContentTab, type CardMarks } from './ContentTab';
import type { GraphMark } from './GraphPanel';
import { useGraphModule } from './graphModule';
import { useEditor } from './editorContext';

/** Route component of `vidbots.$id.index.tsx`. */
export function ContentWithGraph() {
  const { t } = useLingui();
  const { account, bot, content } = useEditor();
  const graphModule = useGraphModule();
  const deferred = useDeferredValue(content);
  const graph = useMemo(() => graphModule?.botGraph(deferred) ?? null, [graphModule, deferred]);
  const marks = useMemo((): CardMarks | undefined => {
    if (!graphModule || !graph) return undefined;
    const text: Record<GraphMark, string> = { unreachable: t`Unreachable`, deadEnd: t`Dead end`, loop: t`Loop` };
    const out = new Map<string, string[]>();
    for (const [slideId, list] of graphModule.graphMarks(graph)) out.set(`slide:${slideId}`, list.map((m) => text[m]));
    for (const actionId of graph.unreachable.actionIds) out.set(`action:${actionId}`, [text.unreachable]);
    return out;
  }, [graphModule, graph, t]);
  const Panel = graphModule?.GraphPanel;
  return (
    <ContentTab
      marks={marks}
      graphPanel={Panel && graph ? <Panel content={content} graph={graph} accountSlug={account.publicId} botId={bot.id} /> : null}
    />
  );
}
