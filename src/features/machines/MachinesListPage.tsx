/**
 * The Machines page's list (issue 14 "Diagrams"): every statechart of the product, grouped as the
 * catalog groups them, with its title (a link to its diagram), summary and how many actors of it
 * run now; then the live actors. Data: the generated artifacts only (artifacts.ts).
 */
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { machineEntries } from './artifacts';
import { groupEntries } from './chartView';
import { LiveActorsPanel } from './LiveActorsPanel';
import { useLiveActors } from './liveWatch';
import './machines.css';

export function MachinesListPage() {
  const { t } = useLingui();
  const entries = machineEntries();
  const tabs = useLiveActors();
  const running = (name: string) => tabs.reduce((n, tab) => n + tab.actors.filter((a) => a.machineId === name && a.status === 'active').length, 0);
  const byName = new Map(entries.map((e) => [e.name, e]));
  return (
    <div className="page machines-page">
      <div className="page-header">
        <h1>
          <Trans>Machines</Trans>
        </h1>
      </div>
      <p className="machines-intro">
        <Trans>Every workflow of the product is a state machine. Open one to see its states, what each means, and which events move it on.</Trans>
      </p>
      <div className="machines-list-layout">
        <div>
          {entries.length === 0 ? (
            <p className="empty-state">
              <Trans>No diagrams have been generated. Run npm run machines and rebuild the app.</Trans>
            </p>
          ) : (
            groupEntries(entries).map(({ group, entries: list }, index) => (
              <section key={group} className="machines-group" aria-labelledby={`machines-group-${index}`}>
                <h2 id={`machines-group-${index}`}>{group}</h2>
                <ul className="machines-cards">
                  {list.map((e) => {
                    const count = running(e.name);
                    const parent = e.parent ? byName.get(e.parent) : undefined;
                    return (
                      <li key={e.name} className="machine-card card">
                        <h3>
                          <Link to="/dashboard/machines/$name" params={{ name: e.name }}>
                            {e.title}
                          </Link>
                        </h3>
                        <p>{e.summary}</p>
                        <p className="machine-card-meta muted">
                          <code>{e.name}</code>
                          {parent && <span>{t`Part of: ${parent.title}`}</span>}
                          {count > 0 && <span className="badge badge-success">{t`${count} running`}</span>}
                        </p>
                      </li>
                    );
                  })}
                </ul>
              </section>
            ))
          )}
        </div>
        <LiveActorsPanel tabs={tabs} entries={entries} />
      </div>
    </div>
  );
}
