/**
 * The vidbot preview screen (spec 000 §2 Preview screen, 002 §2 previews; protocol in
 * previewMessages.ts and docs/preview.md).
 *
 * - `/preview/{id}`: fetches the bot's latest revision and plays it; once the player is mounted it
 *   announces `VIDBOT_PREVIEW_READY` to its parent (exact origin, never '*').
 * - `/preview/current`: no stored bot; it starts listening for `SET_DATA`, announces
 *   `VIDBOT_PREVIEW_READY` (so the parent knows it may send), and plays each accepted bot. Messages
 *   are accepted only from allow-listed origins (GET /api/config `previewAllowedOrigins` + own origin)
 *   and from the parent/opener window.
 * - `EMBED_EXTERNAL_LINK` replaces the preview with an iframe of the link. The player itself performs
 *   its buttons' actions (forms validated but not sent in a preview, links, embedded links).
 * - `slide_id` starts on that slide. The page sets the root font size to 17px (spec 000 §9) while
 *   it is shown. No login-dependent loading gate: this route is outside the `_auth` layout.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { configOptions } from '../../api/queries';
import { isHttpError } from '../../api/client';
import { resolvePlayerLang, type PlayerBot } from '../../../embed/player';
import { PlayerMount } from './PlayerMount';
import {
  announcePreviewReady,
  buildAllowList,
  isPreviewMessage,
  readPreviewMessage,
} from './previewMessages';
import { isStoredBotId, previewBotOptions } from './previewQueries';
import './preview.css';

/** Root font size of the preview, px (spec 000 §9). */
export const PREVIEW_ROOT_FONT_SIZE = '17px';

interface EmbedLink {
  url: string;
  width: number;
  height: number;
}

/** Sets `<html>`'s font size to 17px while mounted and restores the previous value after. */
function usePreviewRootFontSize(): void {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.fontSize;
    root.style.fontSize = PREVIEW_ROOT_FONT_SIZE;
    return () => {
      root.style.fontSize = previous;
    };
  }, []);
}

/** The windows allowed to send messages to the preview: its parent frame and its opener. */
function trustedSources(): Window[] {
  const out: Window[] = [];
  if (window.parent !== window) out.push(window.parent);
  if (window.opener) out.push(window.opener as Window);
  return out;
}

/** Props: the route's `id` param and parsed `slide_id`. */
export interface PreviewPageProps {
  id: string;
  slideId?: number;
}

/** The preview screen. */
export function PreviewPage({ id, slideId }: PreviewPageProps) {
  const { t, i18n } = useLingui();
  usePreviewRootFontSize();
  const stored = isStoredBotId(id);
  const config = useQuery(configOptions());
  const botQuery = useQuery({ ...previewBotOptions(id), enabled: stored });
  const [messageBot, setMessageBot] = useState<PlayerBot | null>(null);
  const [embed, setEmbed] = useState<EmbedLink | null>(null);
  const announced = useRef(false);

  const allowList = useMemo(
    () => (config.data ? buildAllowList(config.data.previewAllowedOrigins, window.location.origin) : null),
    [config.data],
  );

  useEffect(() => {
    if (!allowList) return;
    const onMessage = (event: MessageEvent) => {
      const result = readPreviewMessage(event, allowList, trustedSources());
      if (!isPreviewMessage(result)) {
        if (result.rejected !== 'origin' || event.origin !== window.location.origin) {
          console.warn('Vidbot preview ignored a message:', result);
        }
        return;
      }
      if (result.action === 'SET_DATA') {
        // SET_DATA feeds only /preview/current (spec 002 §2); a stored bot's preview ignores it.
        if (stored) return;
        setEmbed(null);
        setMessageBot(result.bot);
      } else {
        setEmbed({ url: result.url, width: result.width, height: result.height });
      }
    };
    window.addEventListener('message', onMessage);
    if (!stored && !announced.current) {
      announced.current = true;
      announcePreviewReady(window, allowList);
    }
    return () => window.removeEventListener('message', onMessage);
  }, [allowList, stored]);

  const onPlayerMounted = () => {
    if (stored && allowList && !announced.current) {
      announced.current = true;
      announcePreviewReady(window, allowList);
    }
  };

  const bot = stored ? (botQuery.data ?? null) : messageBot;
  let body;
  if (embed) {
    body = (
      <div className="preview-embed">
        <iframe
          src={embed.url}
          width={embed.width}
          height={embed.height}
          title={t`External link`}
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups"
          referrerPolicy="no-referrer"
        />
        <button type="button" className="button" onClick={() => setEmbed(null)}>
          <Trans>Back to the preview</Trans>
        </button>
      </div>
    );
  } else if (bot) {
    body = (
      <PlayerMount
        className="preview-player"
        bot={bot}
        startSlideId={slideId}
        lang={resolvePlayerLang(i18n.locale)}
        onMounted={onPlayerMounted}
      />
    );
  } else if (stored && botQuery.isError) {
    body = (
      <p className="preview-status" role="alert">
        {isHttpError(botQuery.error, 404) ? (
          <Trans>This vidbot was not found.</Trans>
        ) : (
          <Trans>The preview could not be loaded.</Trans>
        )}
      </p>
    );
  } else if (config.isError) {
    body = (
      <p className="preview-status" role="alert">
        <Trans>The preview could not be loaded.</Trans>
      </p>
    );
  } else {
    body = (
      <p className="preview-status" role="status">
        {stored || !allowList ? <Trans>Loading the preview…</Trans> : <Trans>Waiting for the vidbot’s data…</Trans>}
      </p>
    );
  }

  return (
    <main id="main" className="preview-page" aria-label={t`Vidbot preview`}>
      {body}
    </main>
  );
}
