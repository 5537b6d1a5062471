/**
 * The editor's graph panel (issue 11 "The bot's own graph": "the editor shows the findings in a panel
 * and marks the affected cards; publishing with unreachable slides warns but does not block").
 *
 * The LIVE draft is analysed with the same pure function as `GET /bot/{id}/graph`
 * (machines/vidbot/vidbot.graph.ts `botGraph`; definitions there), so unsaved edits show at once.
 *
 * - `useBotGraph(content)` — the graph of a draft, recomputed only when the content object changes.
 * - `<GraphPanel content graph? accountSlug botId />` — a region headed "Vidbot graph" with the path
 *   count and one list per finding (unreachable slides, unreachable actions, dead ends, loops without a
 *   way out, loops, buttons with deleted targets), each item a link to its editor
 *   (`/dashboard/{accountSlug}/vidbots/{botId}/slide/{slideId}`, `…/form/{id}`, `…/link/{id}`,
 *   `…/action/{id}`, `…/close-action/{id}`, `…/share-media/{id}`; issue 11 editor routes).
 * - `graphMarks(graph)` — slide id → the marks its content card shows ('unreachable', 'deadEnd', 'loop').
 * - `publishWarnings(graph, content)` (machines/vidbot/vidbot.graph.ts, re-exported) +
 *   `usePublishWarningText()` / `<PublishWarningList>` — what the publish flow shows before publishing
 *   (warns, never blocks): unreachable slides and buttons with deleted targets.
 */
import { useDeferredValue, useId, useMemo } from 'react';
import { Link } from '@tanstack/react-router';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { botGraph, publishWarnings, type BotGraph, type BotGraphInput, type PublishWarning } from '../../../../machines/vidbot/vidbot.graph';
import type { ActionType } from '../../../../machines/vidbot/vidbot.types';
import './graphPanel.css';

/** Pure, in machines/ so the editor machine's publish step can use it too; re-exported for the views. */
export { botGraph, publishWarnings, type PublishWarning };

/**
 * The graph of a draft; recomputed only when `content` is a new object (the editor replaces it on every
 * change), as a deferred value so the edit itself paints first (botGraph takes ~0.3 ms on a typical bot,
 * ~200 ms on the largest document the API accepts: bench/RESULTS.md "The bot's own graph").
 */
export function useBotGraph(content: BotGraphInput): BotGraph {
  const deferred = useDeferredValue(content);
  return useMemo(() => botGraph(deferred), [deferred]);
}

/** A mark on a content card. */
export type GraphMark = 'unreachable' | 'deadEnd' | 'loop';

/**
 * Marks per slide for the content cards: 'unreachable' (no path from the intro), 'deadEnd' (no way on),
 * 'loop' (part of a cycle of slides, a self-loop included). Slides without findings are absent.
 * @returns Map slideId → marks in the order unreachable, deadEnd, loop.
 */
export function graphMarks(graph: BotGraph): Map<number, GraphMark[]> {
  const marks = new Map<number, GraphMark[]>();
  const add = (slideId: number, mark: GraphMark) => {
    const list = marks.get(slideId) ?? [];
    if (!list.includes(mark)) list.push(mark);
    marks.set(slideId, list);
  };
  for (const id of graph.unreachable.slideIds) add(id, 'unreachable');
  for (const id of graph.deadEnds) add(id, 'deadEnd');
  for (const loop of graph.loops) for (const id of loop) add(id, 'loop');
  return marks;
}

/** The sentence of a publish warning in the active language. */
export function usePublishWarningText(): (warning: PublishWarning) => string {
  const { t } = useLingui();
  return (warning) => {
    const names = warning.items
      .map((item) => {
        if (!('slideName' in item)) return item.name;
        const { name, slideName } = item;
        return t`${name} on ${slideName}`;
      })
      .join(', ');
    return warning.code === 'unreachableSlides'
      ? t`No path from the intro reaches these slides: ${names}. Viewers will never see them.`
      : t`These buttons lead to a deleted slide or action and do nothing: ${names}.`;
  };
}

/** The publish warnings as a list (for the publish confirmation); renders nothing without warnings. */
export function PublishWarningList({ warnings }: { warnings: PublishWarning[] }) {
  const text = usePublishWarningText();
  if (!warnings.length) return null;
  return (
    <ul className="graph-warnings">
      {warnings.map((w) => (
        <li key={w.code}>{text(w)}</li>
      ))}
    </ul>
  );
}

const ACTION_ROUTE: Record<ActionType, string> = {
  REGULAR_FORM: 'form',
  EXTERNAL_LINK: 'link',
  POST_MESSAGE: 'action',
  CLOSE_VIDBOT: 'close-action',
  SHARE_MEDIA: 'share-media',
};

/**
 * Path of an item's editor (issue 11 editor routes): a slide, or an action by its type. A plain string:
 * the sub-editor routes are declared by the editors that own them.
 */
export function graphItemPath(accountSlug: string, botId: number, item: { slideId: number } | { actionId: number; actionType: ActionType }): string {
  const base = `/dashboard/${accountSlug}/vidbots/${botId}`;
  return 'slideId' in item ? `${base}/slide/${item.slideId}` : `${base}/${ACTION_ROUTE[item.actionType]}/${item.actionId}`;
}

export interface GraphPanelProps {
  /** The draft to analyse (the editor's live content). */
  content: BotGraphInput;
  /** Its graph when the page already computed it (`useBotGraph(content)`, shared with `graphMarks`). */
  graph?: BotGraph;
  accountSlug: string;
  botId: number;
}

/** The findings of the bot's own graph as a labelled region with one list per finding (module comment). */
export function GraphPanel({ content, graph: given, accountSlug, botId }: GraphPanelProps) {
  const { t } = useLingui();
  const headingId = useId();
  const deferred = useDeferredValue(content);
  const graph = useMemo(() => given ?? botGraph(deferred), [given, deferred]);
  const { pathCount } = graph;
  const slidePath = (slideId: number) => graphItemPath(accountSlug, botId, { slideId });
  const slideName = new Map(
    graph.nodes.flatMap((n) => {
      if (n.kind !== 'slide') return [];
      const { slideId } = n;
      return [[slideId, n.name || t`Slide ${slideId}`] as const];
    }),
  );
  const slideLink = (slideId: number) => (
    <Link to={slidePath(slideId)}>{slideName.get(slideId) ?? t`Slide ${slideId}`}</Link>
  );
  const actions = graph.nodes.flatMap((n) => (n.kind === 'action' ? [n] : []));
  const unreachableActions = actions.filter((a) => !a.reachable);
  const buttonName = (slideId: number, optionId: number) =>
    content.slides.find((s) => s.id === slideId)?.options.find((o) => o.id === optionId)?.name ?? t`Button ${optionId}`;
  // Loops a viewer can leave; a lone slide replaying itself with no other button is listed as a dead end.
  const benignLoops = graph.loops.filter(
    (loop) =>
      !graph.trapLoops.some((trap) => trap.join() === loop.join()) && !(loop.length === 1 && graph.deadEnds.includes(loop[0]!)),
  );
  const findings =
    graph.unreachable.slideIds.length +
    unreachableActions.length +
    graph.deadEnds.length +
    graph.trapLoops.length +
    graph.deletedTargets.length;

  const loopList = (loops: number[][], label: string) => (
    <ul aria-label={label}>
      {loops.map((loop) => (
        <li key={loop.join('-')}>
          {loop.map((id, i) => (
            <span key={id}>
              {i > 0 && ', '}
              {slideLink(id)}
            </span>
          ))}
        </li>
      ))}
    </ul>
  );

  return (
    <section className="graph-panel" aria-labelledby={headingId}>
      <h2 id={headingId}>
        <Trans>Vidbot graph</Trans>
      </h2>
      {graph.startSlideId === null ? (
        <p className="muted">
          <Trans>Add an intro slide to see the paths through this vidbot.</Trans>
        </p>
      ) : (
        <p>
          {graph.pathCountCapped ? (
            <Trans>At least {pathCount} distinct paths from the intro to an end (counting stopped there).</Trans>
          ) : pathCount === 0 ? (
            <Trans>No path from the intro reaches an end.</Trans>
          ) : (
            <Plural value={pathCount} one="# distinct path from the intro to an end." other="# distinct paths from the intro to an end." />
          )}
        </p>
      )}
      {graph.startSlideId !== null && findings === 0 && (
        <p>
          <Trans>No problems found: every slide and action can be reached, and every slide leads on.</Trans>
        </p>
      )}

      {graph.unreachable.slideIds.length > 0 && (
        <>
          <h3>
            <Trans>Unreachable slides</Trans>
          </h3>
          <p className="muted small">
            <Trans>No path from the intro leads to these slides.</Trans>
          </p>
          <ul aria-label={t`Unreachable slides`}>
            {graph.unreachable.slideIds.map((id) => (
              <li key={id}>{slideLink(id)}</li>
            ))}
          </ul>
        </>
      )}

      {unreachableActions.length > 0 && (
        <>
          <h3>
            <Trans>Unreachable actions</Trans>
          </h3>
          <p className="muted small">
            <Trans>No button on a reachable slide starts these actions.</Trans>
          </p>
          <ul aria-label={t`Unreachable actions`}>
            {unreachableActions.map(({ actionId, ...a }) => (
              <li key={actionId}>
                <Link to={graphItemPath(accountSlug, botId, { actionId, actionType: a.actionType })}>{a.name || t`Action ${actionId}`}</Link>
              </li>
            ))}
          </ul>
        </>
      )}

      {graph.deadEnds.length > 0 && (
        <>
          <h3>
            <Trans>Dead ends</Trans>
          </h3>
          <p className="muted small">
            <Trans>These slides have no button that leads to another slide, starts an action or closes the vidbot.</Trans>
          </p>
          <ul aria-label={t`Dead ends`}>
            {graph.deadEnds.map((id) => (
              <li key={id}>{slideLink(id)}</li>
            ))}
          </ul>
        </>
      )}

      {graph.trapLoops.length > 0 && (
        <>
          <h3>
            <Trans>Loops without a way out</Trans>
          </h3>
          <p className="muted small">
            <Trans>A viewer who enters one of these loops can only go round it.</Trans>
          </p>
          {loopList(graph.trapLoops, t`Loops without a way out`)}
        </>
      )}

      {graph.deletedTargets.length > 0 && (
        <>
          <h3>
            <Trans>Buttons with a deleted target</Trans>
          </h3>
          <ul aria-label={t`Buttons with a deleted target`}>
            {graph.deletedTargets.map((d) => {
              const { slideId } = d;
              const button = buttonName(slideId, d.optionId);
              const slide = slideName.get(slideId) ?? t`Slide ${slideId}`;
              return (
                <li key={`${d.slideId}.${d.optionId}`}>
                  <Link to={slidePath(d.slideId)}>
                    {d.targetKind === 'slide' ? t`${button} on ${slide} (deleted slide)` : t`${button} on ${slide} (deleted action)`}
                  </Link>
                </li>
              );
            })}
          </ul>
        </>
      )}

      {benignLoops.length > 0 && (
        <>
          <h3>
            <Trans>Loops</Trans>
          </h3>
          <p className="muted small">
            <Trans>Viewers can come back to these slides; each loop has a way out.</Trans>
          </p>
          {loopList(benignLoops, t`Loops`)}
        </>
      )}
    </section>
  );
}
