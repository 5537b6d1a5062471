/**
 * The content tab with the bot's own graph (issue 11 "The bot's own graph"): the live draft is analysed
 * once (`useBotGraph`), the findings panel is mounted above the sections and the affected cards carry
 * text badges — unreachable, dead end, loop for slides; unreachable for actions — so the marks never
 * rely on colour alone.
 */
import { useMemo } from 'react';
import { useLingui } from '@lingui/react/macro';
import { ContentTab, type CardMarks } from './ContentTab';
import { GraphPanel, graphMarks, useBotGraph, type GraphMark } from './GraphPanel';
import { useEditor } from './editorContext';

/** Route component of `vidbots.$id.index.tsx`. */
export function ContentWithGraph() {
  const { t } = useLingui();
  const { account, bot, content } = useEditor();
  const graph = useBotGraph(content);
  const marks = useMemo((): CardMarks => {
    const text: Record<GraphMark, string> = { unreachable: t`Unreachable`, deadEnd: t`Dead end`, loop: t`Loop` };
    const out = new Map<string, string[]>();
    for (const [slideId, list] of graphMarks(graph)) out.set(`slide:${slideId}`, list.map((m) => text[m]));
    for (const actionId of graph.unreachable.actionIds) out.set(`action:${actionId}`, [text.unreachable]);
    return out;
  }, [graph, t]);
  return (
    <ContentTab
      marks={marks}
      graphPanel={<GraphPanel content={content} graph={graph} accountSlug={account.publicId} botId={bot.id} />}
    />
  );
}
