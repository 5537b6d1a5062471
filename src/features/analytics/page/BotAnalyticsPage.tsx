/**
 * Analytics detail of one vidbot `/dashboard/{account}/analytics/{botId}` (spec 002 §3 "Detail:
 * slides (name, played, liked), actions (slideName, actionName, actionClicked), sources (source,
 * opened)"; §7 "slide detail per {product} (channel and range)"; §8 "detail failure shows a generic
 * error"; issue 13 ★ path analytics): slides, actions and sources tables, the Sankey of slide-to-slide
 * transitions (sankey.ts: back-edges of loops are listed, not drawn) with every transition in a
 * table, the most taken paths with their share, and drop-off per slide.
 */
import { useMemo, useState } from 'react';
import './analytics.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import type { Schema } from '../../../api/contract';
import type { Account } from '../../../api/types';
import { EChart } from '../chart/EChart';
import type { BotAnalyticsSearch } from '../analyticsSearch';
import { effectiveChannel, pageRange } from '../analyticsQuery';
import { analyticsSettingsOptions, botAnalyticsOptions } from '../analytics.queries';
import { formatCount, formatDuration, formatRate } from '../format';
import { sankeyGraph, sankeyOption } from '../sankey';
import { useChannelLabel } from './labels';
import { FormSubmissionsPanel } from '../../settings/integrations/FormSubmissionsPanel';

type Detail = Schema<'BotAnalyticsDetail'>;

export interface BotAnalyticsPageProps {
  account: Account;
  botId: number;
  search: BotAnalyticsSearch;
}

export function BotAnalyticsPage({ account, botId, search }: BotAnalyticsPageProps) {
  const { t } = useLingui();
  const [now] = useState(() => new Date());
  const settings = useQuery(analyticsSettingsOptions(account.id));
  const channelKnown = search.channel !== undefined || !settings.isPending;
  const channel = effectiveChannel(search, settings.data?.analyticsDefaultChannel);
  const range = pageRange(search, now);
  const query = { from_date: range.from, to_date: range.to, ...(channel ? { channel } : {}) };
  const detail = useQuery({ ...botAnalyticsOptions(botId, query), enabled: channelKnown });
  const channelLabel = useChannelLabel();

  return (
    <div className="page analytics-page">
      <p>
        <Link
          className="back-link"
          to="/dashboard/$accountSlug/analytics"
          params={{ accountSlug: account.publicId }}
          search={{ from_date: search.from_date, to_date: search.to_date, channel: search.channel }}
        >
          <Trans>← Analytics</Trans>
        </Link>
      </p>
      <div className="page-header">
        <h1>{detail.data ? t`Analytics: ${detail.data.name}` : t`Vidbot analytics`}</h1>
        <Link className="button" to="/dashboard/$accountSlug/vidbots/$id" params={{ accountSlug: account.publicId, id: String(botId) }}>
          <Trans>Edit vidbot</Trans>
        </Link>
      </div>
      <p className="muted">
        {channel ? (
          <Trans>
            {range.from} – {range.to}, channel {channelLabel(channel)}
          </Trans>
        ) : (
          <Trans>
            {range.from} – {range.to}, all channels
          </Trans>
        )}
      </p>
      {detail.isError ? (
        <p className="alert alert-error" role="alert">
          <Trans>An error occurred</Trans>
        </p>
      ) : detail.data ? (
        <DetailSections detail={detail.data} />
      ) : (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      )}
      <FormSubmissionsPanel botId={botId} />
    </div>
  );
}

/** Every section of a loaded detail. */
export function DetailSections({ detail }: { detail: Detail }) {
  const { t, i18n } = useLingui();
  const n = (x: number) => formatCount(x, i18n.locale);
  const graph = useMemo(() => sankeyGraph(detail.transitions, t`Start`), [detail.transitions, t]);
  const option = useMemo(() => sankeyOption(graph), [graph]);
  const startName = (id: number, name: string) => (id === 0 ? t`Start` : name);

  return (
    <>
      <section className="analytics-section" aria-labelledby="detail-paths-heading">
        <h2 id="detail-paths-heading">
          <Trans>Paths through the vidbot</Trans>
        </h2>
        {graph.links.length === 0 ? (
          <p className="empty-state" role="status">
            <Trans>No slide-to-slide transitions in this range.</Trans>
          </p>
        ) : (
          <div className="analytics-pair">
            <div className="analytics-chart-box">
              <EChart option={option} height={Math.max(320, graph.nodes.length * 36)} ariaLabel={t`Flow of sessions from slide to slide`} />
              {graph.backEdges.length > 0 && (
                <p className="muted small">
                  <Trans>Returns to earlier slides are not drawn in the diagram (it cannot show loops); the table lists every transition.</Trans>
                </p>
              )}
            </div>
            <div className="table-wrap">
              <table className="table analytics-table">
                <caption>{t`Transitions`}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t`From`}</th>
                    <th scope="col">{t`To`}</th>
                    <th scope="col" className="num">{t`Sessions`}</th>
                  </tr>
                </thead>
                <tbody>
                  {detail.transitions.map((tr) => (
                    <tr key={`${tr.from}-${tr.to}`}>
                      <td>{startName(tr.from, tr.fromName)}</td>
                      <td>
                        {startName(tr.to, tr.toName)}
                        {graph.backEdges.some((b) => b.from === tr.from && b.to === tr.to) && <span className="muted"> ({t`return`})</span>}
                      </td>
                      <td className="num">{n(tr.count)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </div>
        )}
      </section>

      <section className="analytics-section" aria-labelledby="detail-top-paths-heading">
        <h2 id="detail-top-paths-heading">
          <Trans>Most taken paths</Trans>
        </h2>
        {detail.paths.length === 0 ? (
          <p className="empty-state" role="status">
            <Trans>No paths in this range.</Trans>
          </p>
        ) : (
          <div className="table-wrap">
            <table className="table analytics-table">
              <caption className="visually-hidden">{t`Most taken paths`}</caption>
              <thead>
                <tr>
                  <th scope="col">{t`Path`}</th>
                  <th scope="col" className="num">{t`Sessions`}</th>
                  <th scope="col" className="num">{t`Share`}</th>
                </tr>
              </thead>
              <tbody>
                {detail.paths.map((p) => (
                  <tr key={p.slides.map((s) => s.id).join('>')}>
                    <td>{p.slides.map((s) => s.name).join(' → ')}</td>
                    <td className="num">{n(p.sessions)}</td>
                    <td className="num">{formatRate(p.share, i18n.locale)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section className="analytics-section" aria-labelledby="detail-dropoff-heading">
        <h2 id="detail-dropoff-heading">
          <Trans>Drop-off per slide</Trans>
        </h2>
        <SimpleTable
          caption={t`Drop-off per slide`}
          headings={[t`Slide`, t`Reached`, t`Ended here`, t`Drop-off`]}
          rows={detail.dropOff.map((d) => ({ key: d.slideId, cells: [d.name, n(d.reached), n(d.endedHere), formatRate(d.dropOffRate, i18n.locale)] }))}
        />
      </section>

      <section className="analytics-section" aria-labelledby="detail-slides-heading">
        <h2 id="detail-slides-heading">
          <Trans>Slides</Trans>
        </h2>
        <SimpleTable
          caption={t`Slides`}
          headings={[t`Slide`, t`Played`, t`Likes`, t`Watched`]}
          rows={detail.slides.map((s) => ({ key: s.slideId, cells: [s.name, n(s.played), n(s.liked), formatDuration(s.watched)] }))}
        />
      </section>

      <section className="analytics-section" aria-labelledby="detail-actions-heading">
        <h2 id="detail-actions-heading">
          <Trans>Actions</Trans>
        </h2>
        <SimpleTable
          caption={t`Actions`}
          headings={[t`Slide`, t`Button`, t`Clicks`]}
          textColumns={2}
          rows={detail.actions.map((a) => ({ key: `${a.slideId}-${a.optionId}`, cells: [a.slideName, a.actionName, n(a.actionClicked)] }))}
        />
      </section>

      <section className="analytics-section" aria-labelledby="detail-sources-heading">
        <h2 id="detail-sources-heading">
          <Trans>Sources</Trans>
        </h2>
        <SimpleTable
          caption={t`Sources`}
          headings={[t`Page`, t`Sessions`, t`Opens`]}
          rows={detail.sources.map((s) => ({ key: s.source, cells: [s.source || t`(unknown)`, n(s.session), n(s.opened)] }))}
        />
      </section>
    </>
  );
}

/** A table whose first column is text and the others numbers; an empty list says so. */
function SimpleTable({ caption, headings, rows, textColumns = 1 }: { caption: string; headings: string[]; rows: Array<{ key: string | number; cells: string[] }>; textColumns?: number }) {
  if (rows.length === 0)
    return (
      <p className="empty-state" role="status">
        <Trans>No data in this range.</Trans>
      </p>
    );
  const numFrom = textColumns;
  return (
    <div className="table-wrap">
      <table className="table analytics-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {headings.map((h, i) => (
              <th key={h} scope="col" className={i >= numFrom ? 'num' : undefined}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key}>
              {r.cells.map((c, i) => (
                <td key={i} className={i >= numFrom ? 'num' : undefined}>
                  {c}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
