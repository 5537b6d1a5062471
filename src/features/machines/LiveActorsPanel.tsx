/**
 * "Live actors" (issue 14 "Diagrams": "the live actors of the running app with their current state
 * highlighted as you click through the app"): every running machine actor of this tab and of the
 * app's other tabs (liveWatch.ts), with its machine's title (a link to its diagram) and its current
 * states. Actors of `current` (the machine on screen) are marked: the diagram highlights their states.
 */
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { MachineArtifactEntry } from './artifacts';
import { leafStateIds, stateName } from './chartView';
import type { LiveTab } from './liveWatch';

export function LiveActorsPanel({ tabs, entries, current }: { tabs: readonly LiveTab[]; entries: readonly MachineArtifactEntry[]; current?: string }) {
  const { t } = useLingui();
  const byName = new Map(entries.map((e) => [e.name, e]));
  const shown = tabs.filter((tab) => tab.actors.length > 0);
  return (
    <section className="machine-live card" aria-labelledby="machine-live-heading">
      <h2 id="machine-live-heading">
        <Trans>Live actors</Trans>
      </h2>
      <p className="muted">
        <Trans>The workflows running in this browser right now. Use the app in another tab: its workflows show here and their current states light up on the diagram.</Trans>
      </p>
      {shown.length === 0 ? (
        <p role="status">
          <Trans>No workflow is running.</Trans>
        </p>
      ) : (
        shown.map((tab) => (
          <div key={tab.tab} className="machine-live-tab">
            <h3>{tab.self ? t`This tab` : t`Tab: ${tab.path}`}</h3>
            <ul>
              {tab.actors.map((actor) => {
                const entry = byName.get(actor.machineId);
                const leaves = leafStateIds(actor.activeStateIds);
                const chart = { id: actor.machineId, states: [] };
                return (
                  <li key={actor.sessionId} className={actor.machineId === current ? 'is-current' : undefined} data-live-machine={actor.machineId}>
                    {entry ? (
                      <Link to="/dashboard/machines/$name" params={{ name: entry.name }}>
                        {entry.title}
                      </Link>
                    ) : (
                      <span>{actor.machineId}</span>
                    )}
                    {actor.machineId === current && (
                      <span className="badge badge-success">
                        <Trans>On the diagram</Trans>
                      </span>
                    )}
                    {actor.status !== 'active' && <span className="badge badge-muted">{actor.status === 'done' ? t`Finished` : actor.status === 'error' ? t`Failed` : t`Stopped`}</span>}
                    <div className="machine-live-states">
                      <span className="muted">
                        <Trans>Current state:</Trans>
                      </span>{' '}
                      {leaves.length ? leaves.map((id) => <code key={id}>{stateName(chart, id)}</code>) : '—'}
                    </div>
                    {actor.lastEvent && !actor.lastEvent.startsWith('xstate.') && (
                      <div className="muted machine-live-event">
                        <Trans>Last event:</Trans> <code>{actor.lastEvent}</code>
                      </div>
                    )}
                  </li>
                );
              })}
            </ul>
          </div>
        ))
      )}
    </section>
  );
}
