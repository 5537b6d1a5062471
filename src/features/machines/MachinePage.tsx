/**
 * One statechart on the Machines page (issue 14 "Diagrams": "each drawn interactively (select a
 * state: its description, its transitions with events, guards and targets; select a transition:
 * what it does), and … the live actors of the running app with their current state highlighted").
 *
 * The diagram is the generated `docs/machines/<name>.svg` (trusted: written at build time by
 * machines/tooling; the SVG contract of the issue-14 architecture note), injected as markup; a click
 * on a `g.state[data-state-id]` or `g.transition[data-transition-id]` selects it. The keyboard path
 * is the side panel: every state is a button, and a selected state lists its transitions out and in
 * as buttons (a selected transition its source and targets). The selection is in the URL
 * (`?state=` / `?transition=`), drawn with `.is-selected` (and `.is-related` on its neighbours);
 * Escape clears it. States of running actors of this machine carry `.is-live`. Zoom: buttons (fit
 * to width, actual size, in, out) over a scrollable container.
 */
import { memo, useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import type { ChartModel, ChartState, ChartTransition } from '../../../machines/tooling/chart';
import { NotFoundPage } from '../../ui/ErrorPage';
import { loadMachine, machineEntries, type MachineArtifact } from './artifacts';
import { liveStateIds, selectionFromElement, stateDetails, stateName, transitionById, type ChartSelection } from './chartView';
import { LiveActorsPanel } from './LiveActorsPanel';
import { useLiveActors } from './liveWatch';
import type { MachineSearch } from './machinesSearch';
import './machines.css';

const ZOOM_MIN = 0.2;
const ZOOM_MAX = 3;
const ZOOM_STEP = 1.25;
/** The smallest zoom the page opens a diagram at (labels stay legible). */
const READABLE_ZOOM = 0.7;
const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 100) / 100));

/** The selection of the URL's search, when it names a state or transition of `chart`. */
function selectionOf(chart: ChartModel, search: MachineSearch): ChartSelection {
  if (search.transition && transitionById(chart, search.transition)) return { kind: 'transition', id: search.transition };
  if (search.state && chart.states.some((s) => s.id === search.state)) return { kind: 'state', id: search.state };
  return null;
}

export function MachinePage({ name, search }: { name: string; search: MachineSearch }) {
  const query = useQuery({ queryKey: ['machines', 'artifact', name], queryFn: () => loadMachine(name), staleTime: Infinity });
  if (query.isPending) {
    return (
      <div className="page">
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="page">
        <p className="alert alert-error" role="alert">
          <Trans>The diagram could not be loaded.</Trans>
        </p>
      </div>
    );
  }
  if (!query.data) return <NotFoundPage />;
  return <MachineView name={name} artifact={query.data} search={search} />;
}

function MachineView({ name, artifact, search }: { name: string; artifact: MachineArtifact; search: MachineSearch }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { entry, chart, svg } = artifact;
  const entries = machineEntries();
  const parent = entry.parent ? entries.find((e) => e.name === entry.parent) : undefined;
  const tabs = useLiveActors();
  const actors = useMemo(() => tabs.flatMap((tab) => tab.actors), [tabs]);
  const live = useMemo(() => liveStateIds(actors, chart.id), [actors, chart.id]);
  const selection = selectionOf(chart, search);
  const detailsHeading = useRef<HTMLHeadingElement>(null);
  const focusDetails = useRef(false);
  const diagramRegion = useRef<HTMLDivElement>(null);

  const select = useCallback(
    (next: ChartSelection, options: { focusDetails?: boolean } = {}) => {
      focusDetails.current = !!options.focusDetails && next !== null;
      void navigate({
        to: '/dashboard/machines/$name',
        params: { name },
        search: next ? { [next.kind]: next.id } : {},
        replace: true,
        resetScroll: false,
      });
    },
    [navigate, name],
  );

  useEffect(() => {
    if (focusDetails.current && selection) {
      focusDetails.current = false;
      detailsHeading.current?.focus();
    }
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && selection) {
      event.preventDefault();
      const previous = selection;
      select(null);
      // Back to where the keyboard path starts: the state's button in the list, else the diagram.
      requestAnimationFrame(() => {
        const button = previous.kind === 'state' ? document.querySelector<HTMLButtonElement>(`[data-select-state="${CSS.escape(previous.id)}"]`) : null;
        (button ?? diagramRegion.current)?.focus();
      });
    }
  };

  return (
    <div className="page machine-page" onKeyDown={onKeyDown}>
      <nav className="machine-breadcrumb" aria-label={t`Breadcrumb`}>
        <Link to="/dashboard/machines">
          <Trans>Machines</Trans>
        </Link>
        <span aria-hidden="true"> › </span>
        <span>{entry.group}</span>
      </nav>
      <div className="page-header">
        <h1>{entry.title}</h1>
      </div>
      <p className="machines-intro">
        {entry.summary}
        {parent && (
          <>
            {' '}
            <span className="muted">
              <Trans>
                Part of:{' '}
                <Link to="/dashboard/machines/$name" params={{ name: parent.name }}>
                  {parent.title}
                </Link>
              </Trans>
            </span>
          </>
        )}
      </p>
      <div className="machine-layout">
        <Diagram svg={svg} title={entry.title} selection={selection} chart={chart} live={live} onSelect={(s) => select(s, { focusDetails: true })} region={diagramRegion} />
        <div className="machine-panel">
          <section className="machine-details card" aria-labelledby="machine-details-heading" aria-live="polite">
            {selection?.kind === 'state' ? (
              <StateDetailsView chart={chart} id={selection.id} live={live} headingRef={detailsHeading} onSelect={(s) => select(s, { focusDetails: true })} />
            ) : selection?.kind === 'transition' ? (
              <TransitionDetailsView chart={chart} id={selection.id} headingRef={detailsHeading} onSelect={(s) => select(s, { focusDetails: true })} />
            ) : (
              <>
                <h2 id="machine-details-heading" ref={detailsHeading} tabIndex={-1}>
                  <Trans>Nothing selected</Trans>
                </h2>
                <p className="muted">
                  <Trans>Select a state or an arrow on the diagram, or a state in the list below, to read what it means and where it leads.</Trans>
                </p>
              </>
            )}
            {selection && (
              <button type="button" className="button small" onClick={() => select(null)}>
                <Trans>Clear selection</Trans>
              </button>
            )}
          </section>
          <StateList chart={chart} selectedId={selection?.kind === 'state' ? selection.id : null} live={live} onSelect={(id) => select({ kind: 'state', id })} />
          <LiveActorsPanel tabs={tabs} entries={entries} current={chart.id} />
        </div>
      </div>
    </div>
  );
}

/** The injected SVG with selection and live highlights, inside a scrollable, zoomable region. */
const Diagram = memo(function Diagram({
  svg,
  title,
  chart,
  selection,
  live,
  onSelect,
  region,
}: {
  svg: string | null;
  title: string;
  chart: ChartModel;
  selection: ChartSelection;
  live: ReadonlySet<string>;
  onSelect: (selection: ChartSelection) => void;
  region: React.RefObject<HTMLDivElement | null>;
}) {
  const { t } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const [zoom, setZoom] = useState<number | null>(null);
  const markup = useMemo(() => ({ __html: svg ?? '' }), [svg]);

  const svgElement = () => host.current?.querySelector('svg') ?? null;
  const naturalSize = () => {
    const box = svgElement()?.viewBox.baseVal;
    return box && box.width > 0 ? { width: box.width, height: box.height } : null;
  };
  const fitZoom = () => {
    const size = naturalSize();
    const width = region.current?.clientWidth ?? 0;
    return size && width ? clampZoom(Math.min(1, (width - 16) / size.width)) : 1;
  };

  // First drawing: fit wide diagrams to the region's width, but not so small that the labels cannot
  // be read (the region scrolls for the rest).
  useLayoutEffect(() => {
    setZoom(Math.max(fitZoom(), Math.min(1, READABLE_ZOOM)));
  }, [svg]);

  // Size from the zoom (attributes: the CSP allows no inline styles).
  useLayoutEffect(() => {
    const element = svgElement();
    const size = naturalSize();
    if (!element || !size || zoom === null) return;
    element.setAttribute('width', String(Math.round(size.width * zoom)));
    element.setAttribute('height', String(Math.round(size.height * zoom)));
  }, [zoom, svg]);

  // Highlights: selected, its neighbours, and the live states.
  useEffect(() => {
    const root = host.current;
    if (!root) return;
    root.querySelectorAll('.is-selected, .is-related, .is-live').forEach((el) => el.classList.remove('is-selected', 'is-related', 'is-live'));
    const stateEl = (id: string) => root.querySelector(`[data-state-id="${CSS.escape(id)}"]`);
    const transitionEl = (id: string) => root.querySelector(`[data-transition-id="${CSS.escape(id)}"]`);
    live.forEach((id) => stateEl(id)?.classList.add('is-live'));
    let selected: Element | null = null;
    if (selection?.kind === 'state') {
      selected = stateEl(selection.id);
      chart.transitions.filter((tr) => tr.source === selection.id).forEach((tr) => transitionEl(tr.id)?.classList.add('is-related'));
    } else if (selection?.kind === 'transition') {
      selected = transitionEl(selection.id);
      const tr = transitionById(chart, selection.id);
      if (tr) [tr.source, ...tr.targets].forEach((id) => stateEl(id)?.classList.add('is-related'));
    }
    selected?.classList.add('is-selected');
    selected?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [selection?.kind, selection?.id, live, chart, svg, zoom]);

  const onClick = (event: MouseEvent) => {
    const next = selectionFromElement(event.target as Element);
    if (next) onSelect(next);
  };

  const percent = zoom === null ? 100 : Math.round(zoom * 100);
  return (
    <section className="machine-diagram card" aria-labelledby="machine-diagram-heading">
      <div className="machine-diagram-toolbar">
        <h2 id="machine-diagram-heading">
          <Trans>Diagram</Trans>
        </h2>
        <div className="machine-zoom" role="group" aria-label={t`Zoom`}>
          <button type="button" className="button small" onClick={() => setZoom((z) => clampZoom((z ?? 1) / ZOOM_STEP))} disabled={(zoom ?? 1) <= ZOOM_MIN} aria-label={t`Zoom out`} title={t`Zoom out`}>
            −
          </button>
          <output aria-live="polite" aria-label={t`Zoom level`}>
            {percent} %
          </output>
          <button type="button" className="button small" onClick={() => setZoom((z) => clampZoom((z ?? 1) * ZOOM_STEP))} disabled={(zoom ?? 1) >= ZOOM_MAX} aria-label={t`Zoom in`} title={t`Zoom in`}>
            +
          </button>
          <button type="button" className="button small" onClick={() => setZoom(fitZoom())}>
            <Trans>Fit to width</Trans>
          </button>
          <button type="button" className="button small" onClick={() => setZoom(1)}>
            <Trans>Actual size</Trans>
          </button>
        </div>
      </div>
      {svg ? (
        // The region scrolls with the keyboard (tabIndex); clicks select, the panel is the keyboard path.
        <div ref={region} className="machine-diagram-scroll" tabIndex={0} role="region" aria-label={t`Diagram of ${title}`} onClick={onClick}>
          <div ref={host} className="machine-svg" dangerouslySetInnerHTML={markup} />
        </div>
      ) : (
        <p className="muted" ref={region}>
          <Trans>This machine has no drawing yet. Run npm run machines.</Trans>
        </p>
      )}
      <p className="machine-legend muted">
        <span>
          <span className="legend-swatch legend-selected" aria-hidden="true" /> <Trans>Selected</Trans>
        </span>
        <span>
          <span className="legend-swatch legend-related" aria-hidden="true" /> <Trans>Connected to the selection</Trans>
        </span>
        <span>
          <span className="legend-swatch legend-live" aria-hidden="true" /> <Trans>Current state of a running workflow</Trans>
        </span>
      </p>
    </section>
  );
});

/** A state as a button that selects it. */
function StateButton({ chart, id, onSelect }: { chart: ChartModel; id: string; onSelect: (s: ChartSelection) => void }) {
  return (
    <button type="button" className="button link machine-ref" onClick={() => onSelect({ kind: 'state', id })}>
      {stateName(chart, id)}
    </button>
  );
}

/** One transition row: trigger, guard, targets; the row's button selects the transition. */
function TransitionRow({ chart, transition, from, onSelect }: { chart: ChartModel; transition: ChartTransition; from?: boolean; onSelect: (s: ChartSelection) => void }) {
  const { t } = useLingui();
  const targets = transition.targets.length ? transition.targets.map((id) => stateName(chart, id)).join(', ') : t`stays (no change of state)`;
  return (
    <li>
      <button type="button" className="machine-transition-button" onClick={() => onSelect({ kind: 'transition', id: transition.id })}>
        {from && (
          <>
            <span className="muted">{t`from`}</span>
            <span>{stateName(chart, transition.source)}</span>
            <span className="muted">{t`on`}</span>
          </>
        )}
        <code className="machine-trigger">{transition.trigger}</code>
        {transition.guard && <span className="machine-guard">[{transition.guard}]</span>}
        {!from && (
          <>
            <span className="machine-arrow" aria-hidden="true">
              →
            </span>
            <span className="visually-hidden">{t`to`}</span>
            <span>{targets}</span>
          </>
        )}
      </button>
    </li>
  );
}

function NameList({ label, items }: { label: string; items: readonly string[] }) {
  if (!items.length) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>
        {items.map((x) => (
          <code key={x}>{x}</code>
        ))}
      </dd>
    </>
  );
}

function StateDetailsView({
  chart,
  id,
  live,
  headingRef,
  onSelect,
}: {
  chart: ChartModel;
  id: string;
  live: ReadonlySet<string>;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSelect: (s: ChartSelection) => void;
}) {
  const { t } = useLingui();
  const details = stateDetails(chart, id);
  if (!details) return null;
  const { state, parent, children, isInitial, outgoing, incoming } = details;
  const typeLabel: Record<ChartState['type'], string> = {
    atomic: t`Simple state`,
    compound: t`Group of states`,
    parallel: t`Parallel regions (all active together)`,
    final: t`Final state (the workflow ends here)`,
    history: t`History state`,
  };
  return (
    <>
      <p className="machine-details-kind muted">
        <Trans>State</Trans>
      </p>
      <h2 id="machine-details-heading" ref={headingRef} tabIndex={-1}>
        {stateName(chart, state.id)}
      </h2>
      <p className="machine-badges">
        <span className="badge">{typeLabel[state.type]}</span>
        {isInitial && (
          <span className="badge">
            <Trans>Starts here</Trans>
          </span>
        )}
        {live.has(state.id) && (
          <span className="badge badge-success">
            <Trans>Active now</Trans>
          </span>
        )}
        {state.tags.map((tag) => (
          <span key={tag} className="badge badge-muted">
            {tag}
          </span>
        ))}
      </p>
      <p className="machine-description" data-testid="machine-description">
        {state.description ?? <span className="muted">{t`No description has been written for this state.`}</span>}
      </p>
      <dl className="machine-facts">
        {parent && (
          <>
            <dt>
              <Trans>Inside</Trans>
            </dt>
            <dd>
              <StateButton chart={chart} id={parent.id} onSelect={onSelect} />
            </dd>
          </>
        )}
        {children.length > 0 && (
          <>
            <dt>
              <Trans>Contains</Trans>
            </dt>
            <dd>
              {children.map((c) => (
                <StateButton key={c.id} chart={chart} id={c.id} onSelect={onSelect} />
              ))}
            </dd>
          </>
        )}
        <NameList label={t`Runs while here`} items={state.invokes.map((i) => i.src)} />
        <NameList label={t`On entry`} items={state.entry} />
        <NameList label={t`On exit`} items={state.exit} />
      </dl>
      <h3>
        <Trans>Ways out</Trans>
      </h3>
      {outgoing.length ? (
        <ul className="machine-transitions" aria-label={t`Ways out`}>
          {outgoing.map((tr) => (
            <TransitionRow key={tr.id} chart={chart} transition={tr} onSelect={onSelect} />
          ))}
        </ul>
      ) : (
        <p className="muted">{t`None: only a change of an enclosing state leaves it.`}</p>
      )}
      <h3>
        <Trans>Ways in</Trans>
      </h3>
      {incoming.length ? (
        <ul className="machine-transitions" aria-label={t`Ways in`}>
          {incoming.map((tr) => (
            <TransitionRow key={tr.id} chart={chart} transition={tr} from onSelect={onSelect} />
          ))}
        </ul>
      ) : (
        <p className="muted">{isInitial || !parent ? t`Entered when its enclosing state starts.` : t`No transition leads here directly.`}</p>
      )}
    </>
  );
}

function TransitionDetailsView({
  chart,
  id,
  headingRef,
  onSelect,
}: {
  chart: ChartModel;
  id: string;
  headingRef: React.RefObject<HTMLHeadingElement | null>;
  onSelect: (s: ChartSelection) => void;
}) {
  const { t } = useLingui();
  const tr = transitionById(chart, id);
  if (!tr) return null;
  const kindLabel: Record<ChartTransition['kind'], string> = {
    event: t`When this event arrives`,
    done: t`When the service finishes`,
    error: t`When the service fails`,
    after: t`After a delay`,
    always: t`Immediately, as soon as the condition holds`,
    stateDone: t`When the inner states reach their end`,
    snapshot: t`When the service reports progress`,
  };
  return (
    <>
      <p className="machine-details-kind muted">
        <Trans>Transition</Trans>
      </p>
      <h2 id="machine-details-heading" ref={headingRef} tabIndex={-1}>
        <code>{tr.trigger}</code>
        {tr.guard && <span className="machine-guard"> [{tr.guard}]</span>}
      </h2>
      <p>{kindLabel[tr.kind]}</p>
      {tr.description && <p className="machine-description">{tr.description}</p>}
      <dl className="machine-facts">
        <dt>
          <Trans>From</Trans>
        </dt>
        <dd>
          <StateButton chart={chart} id={tr.source} onSelect={onSelect} />
        </dd>
        <dt>
          <Trans>To</Trans>
        </dt>
        <dd>
          {tr.targets.length ? (
            tr.targets.map((target) => <StateButton key={target} chart={chart} id={target} onSelect={onSelect} />)
          ) : (
            <span className="muted">{t`Stays in the same state (only the actions run).`}</span>
          )}
        </dd>
        {tr.guard && (
          <>
            <dt>
              <Trans>Only if</Trans>
            </dt>
            <dd>
              <code>{tr.guard}</code>
              {tr.branch > 0 && <span className="muted"> {t`(checked after the earlier conditions of the same event failed)`}</span>}
            </dd>
          </>
        )}
        {!tr.guard && tr.branch > 0 && (
          <>
            <dt>
              <Trans>Only if</Trans>
            </dt>
            <dd className="muted">{t`None of the earlier conditions of the same event held.`}</dd>
          </>
        )}
        {tr.delayMs !== undefined && (
          <>
            <dt>
              <Trans>Delay</Trans>
            </dt>
            <dd>{t`${tr.delayMs} ms`}</dd>
          </>
        )}
        <NameList label={t`Actions`} items={tr.actions} />
        <dt>
          <Trans>Event</Trans>
        </dt>
        <dd>
          <code>{tr.event || 'always'}</code>
        </dd>
      </dl>
    </>
  );
}

/** Every state as a button (indented by depth): the keyboard path into the diagram. */
function StateList({ chart, selectedId, live, onSelect }: { chart: ChartModel; selectedId: string | null; live: ReadonlySet<string>; onSelect: (id: string) => void }) {
  const { t } = useLingui();
  const states = chart.states.filter((s) => s.parent !== null);
  return (
    <section className="machine-states card" aria-labelledby="machine-states-heading">
      <h2 id="machine-states-heading">
        <Trans>States</Trans>
      </h2>
      <ul>
        {states.map((s) => (
          <li key={s.id} className={`depth-${Math.min(s.path.length, 6)}`}>
            <button
              type="button"
              className={s.id === selectedId ? 'machine-state-button is-selected' : 'machine-state-button'}
              aria-pressed={s.id === selectedId}
              data-select-state={s.id}
              onClick={() => onSelect(s.id)}
            >
              <span>{s.key}</span>
              {live.has(s.id) && <span className="badge badge-success">{t`Active now`}</span>}
              {s.type === 'final' && <span className="badge badge-muted">{t`End`}</span>}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
