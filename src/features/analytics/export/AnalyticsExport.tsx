/**
 * The analytics page's Export menu (issue 13 "Exports"; spec 002 §6 "Editor and Viewer cannot
 * download reports (tooltip shown)", §9 "Export formats: PDF, CSV …, XLSX … The slider channel
 * offers only PDF"). The workflow is machines/analytics/export.machine.ts with the real actors of
 * ./export.actors.ts (xlsx and jspdf load only when a file is built).
 *
 * - A menu button (`aria-haspopup="menu"`): Enter, Space or ArrowDown open it with focus on the
 *   first format; arrows, Home, End move; Escape closes; choosing starts the export. Focus returns
 *   to the button after a choice and when the export ends.
 * - `canDownload` false (Editor, Viewer): the button stays focusable but `aria-disabled`, does
 *   nothing, and `aria-describedby` names the tooltip shown on hover and focus.
 * - While an export runs: the button is busy (a second export cannot start), a Cancel button is
 *   offered, and a polite live region tells the step ("Preparing the PDF…", "Download started").
 * - A failure is toasted (src/ui/toast) and a Retry button is offered.
 */
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { useLingui } from '@lingui/react/macro';
import type { Channel } from '../../../../embed/shared/analytics';
import { formatsFor, type ExportFailure } from '../../../../machines/analytics/export.machine';
import type { ExportFormat } from '../../../../machines/analytics/export.actors';
import { selectExportFailure, selectExportPhase, selectIsExporting, type ExportPhase } from '../../../../machines/analytics/export.selectors';
import { toast } from '../../../ui/toast';
import { createAnalyticsExportMachine } from './export.actors';
import { useExportLabels } from './labels';
import './export.css';
import { inspect } from '../../machines/inspection';

export interface AnalyticsExportProps {
  accountId: number;
  /** The page's channel filter (null = all channels). The slider channel offers PDF only (§9). */
  channel: Channel | null;
  /** The API query of `/analytics/report` the page is showing (dates resolved, lists comma-joined). */
  query: {
    from_date: string;
    to_date: string;
    channel?: Channel;
    bot_ids?: string;
    slider_ids?: string;
    user_ids?: string;
    bot_name?: string;
    status?: string;
    tag_ids?: string;
  };
  /** False for Editor and Viewer: the button is disabled with a tooltip (spec 002 §6). */
  canDownload: boolean;
}

const FORMAT_NAMES: Record<ExportFormat, string> = { pdf: 'PDF', csv: 'CSV', xlsx: 'XLSX' };
const BOT_STATUSES = ['Draft', 'Published', 'Deactivated'] as const;

export function AnalyticsExport({ accountId, channel, query, canDownload }: AnalyticsExportProps) {
  const { t } = useLingui();
  const labels = useExportLabels();
  const labelsRef = useRef(labels);
  labelsRef.current = labels;
  const machine = useMemo(() => createAnalyticsExportMachine(() => labelsRef.current), []);
  const actor = useActorRef(machine, { inspect });
  const phase = useSelector(actor, selectExportPhase);
  const busy = useSelector(actor, selectIsExporting);
  const failure = useSelector(actor, selectExportFailure);

  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [tipShown, setTipShown] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const buttonId = useId();
  const menuId = useId();
  const tipId = useId();
  const formats = formatsFor(channel);
  const disabled = !canDownload;

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitem"]') ?? []);

  useEffect(() => {
    if (!open) return;
    const list = items();
    (open === 'last' ? list[list.length - 1] : list[0])?.focus();
    const onDoc = (e: MouseEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onDoc);
    return () => document.removeEventListener('mousedown', onDoc);
  }, [open]);

  // A failure is toasted once (spec 000 §9 toasts); the Retry button stays until dismissed or retried.
  const toasted = useRef<ExportFailure | null>(null);
  useEffect(() => {
    if (!failure || toasted.current === failure) return;
    toasted.current = failure;
    toast.error(failureText(failure));
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failure]);

  // When an export ends, focus goes back to the Export button if it was inside this menu (the
  // Cancel button it was on is gone) or nowhere.
  const wasBusy = useRef(false);
  useEffect(() => {
    if (wasBusy.current && !busy) {
      const active = document.activeElement;
      if (!active || active === document.body || rootRef.current?.contains(active)) buttonRef.current?.focus();
    }
    wasBusy.current = busy;
  }, [busy]);

  function failureText(f: ExportFailure): string {
    if (f.step === 'printTimeout') return t`Export failed: the report did not finish loading. Please try again.`;
    return t`Export failed: ${f.message}`;
  }

  const start = (format: ExportFormat) => {
    setOpen(false);
    buttonRef.current?.focus();
    const { status, channel: _queryChannel, ...rest } = query;
    const knownStatus = BOT_STATUSES.find((s) => s === status);
    actor.send({
      type: 'export.start',
      format,
      request: { accountId, channel, query: { ...rest, ...(channel ? { channel } : {}), ...(knownStatus ? { status: knownStatus } : {}) } },
    });
  };

  const toggle = () => {
    if (disabled) {
      setTipShown(true);
      return;
    }
    if (busy) return;
    setOpen((o) => (o ? false : 'first'));
  };

  const onButtonKey = (e: KeyboardEvent) => {
    if (e.key === 'Escape') setTipShown(false);
    if (disabled || busy) return;
    if (e.key === 'ArrowDown') {
      e.preventDefault();
      setOpen('first');
    } else if (e.key === 'ArrowUp') {
      e.preventDefault();
      setOpen('last');
    }
  };

  const onMenuKey = (e: KeyboardEvent) => {
    const list = items();
    const i = list.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      e.preventDefault();
      list[(to + list.length) % list.length]?.focus();
    };
    if (e.key === 'Escape') {
      e.preventDefault();
      setOpen(false);
      buttonRef.current?.focus();
    } else if (e.key === 'ArrowDown') move(i + 1);
    else if (e.key === 'ArrowUp') move(i - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(list.length - 1);
    else if (e.key === 'Tab') setOpen(false);
  };

  const progress = progressText(phase);

  function progressText(p: ExportPhase): string {
    switch (p) {
      case 'fetching':
        return t`Loading the report data…`;
      case 'building':
        return t`Building the file…`;
      case 'printing':
        return t`Preparing the report for the PDF…`;
      case 'rendering':
        return t`Building the PDF…`;
      case 'saving':
        return t`Saving the file…`;
      case 'done':
        return t`Download started.`;
      case 'failed':
        return t`Export failed.`;
      default:
        return '';
    }
  }

  return (
    <div className="analytics-export" ref={rootRef} onMouseLeave={() => setTipShown(false)}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className="button"
        aria-haspopup="menu"
        aria-expanded={open !== false}
        aria-controls={open ? menuId : undefined}
        aria-disabled={disabled || busy || undefined}
        aria-describedby={disabled ? tipId : undefined}
        aria-busy={busy || undefined}
        onClick={toggle}
        onKeyDown={onButtonKey}
        onMouseEnter={() => disabled && setTipShown(true)}
        onFocus={() => disabled && setTipShown(true)}
        onBlur={() => setTipShown(false)}
      >
        {busy ? t`Exporting…` : t`Export`} <span aria-hidden="true">▾</span>
      </button>
      {disabled && (
        <span role="tooltip" id={tipId} className="analytics-export-tip" hidden={!tipShown}>
          {t`Editors and Viewers cannot download reports.`}
        </span>
      )}
      {open && (
        <ul ref={menuRef} id={menuId} role="menu" className="analytics-export-popup" aria-labelledby={buttonId} onKeyDown={onMenuKey}>
          {formats.map((format) => (
            <li role="none" key={format}>
              <button type="button" role="menuitem" tabIndex={-1} onClick={() => start(format)}>
                {FORMAT_NAMES[format]}
              </button>
            </li>
          ))}
        </ul>
      )}
      {busy && (
        <button type="button" className="button" onClick={() => actor.send({ type: 'export.cancel' })}>
          {t`Cancel export`}
        </button>
      )}
      {phase === 'failed' && (
        <button type="button" className="button" onClick={() => actor.send({ type: 'export.retry' })}>
          {t`Retry export`}
        </button>
      )}
      <span role="status" aria-live="polite" className="analytics-export-progress">
        {progress}
      </span>
    </div>
  );
}
