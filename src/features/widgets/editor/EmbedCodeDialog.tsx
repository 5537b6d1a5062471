/**
 * "Get embed code" of the widget editor (spec 002 §2; issue 15 architecture §1; issue 20 strict host
 * CSP): the carousel's embed code (the widget answer's `embedCode`, `carouselCode` of
 * server/src/modules/share/embed.codes.ts) and the Content-Security-Policy additions the host page
 * needs (`cspLine('carousel', origin)`), each read-only with a copy button. The origin is the
 * server's public URL (RuntimeConfig.publicUrl), else the dashboard's own.
 */
import { useId } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { cspLine } from '../../../../server/src/modules/share/embed.codes';
import { configOptions } from '../../../api/queries';
import { Dialog } from '../../../ui/Dialog';
import { toast } from '../../../ui/toast';
import { copyText } from '../../vidbots/share/copyText';

/** The origin the codes name: an http(s) public URL without trailing slashes, else the page's origin. */
export function embedOrigin(publicUrl: string | null | undefined, pageOrigin: string): string {
  if (publicUrl && /^https?:\/\/[^/]/i.test(publicUrl)) return publicUrl.replace(/\/+$/, '');
  return pageOrigin;
}

export interface EmbedCodeDialogProps {
  open: boolean;
  onClose(): void;
  embedCode: string;
}

export function EmbedCodeDialog({ open, onClose, embedCode }: EmbedCodeDialogProps) {
  const { t } = useLingui();
  const config = useQuery({ ...configOptions(), enabled: open });
  const csp = cspLine('carousel', embedOrigin(config.data?.publicUrl, window.location.origin));
  const codeId = useId();
  const cspId = useId();
  const copy = async (text: string, done: string) => {
    if (await copyText(text)) toast.success(done);
    else toast.error(t`Copying failed; select the text and copy it yourself.`);
  };
  return (
    <Dialog open={open} title={t`Embed code`} onClose={onClose} wide>
      <p>
        <Trans>Paste this where the carousel should appear on your page. One script fills every carousel on the page.</Trans>
      </p>
      <label htmlFor={codeId}>
        <Trans>Embed code</Trans>
      </label>
      <textarea id={codeId} className="code" readOnly rows={3} value={embedCode} onFocus={(e) => e.currentTarget.select()} />
      <div className="actions end">
        <button type="button" className="button primary" data-autofocus onClick={() => void copy(embedCode, t`Embed code copied`)}>
          <Trans>Copy embed code</Trans>
        </button>
      </div>
      <label htmlFor={cspId}>
        <Trans>Content-Security-Policy additions for a page with a strict policy</Trans>
      </label>
      <textarea id={cspId} className="code" readOnly rows={3} value={csp} onFocus={(e) => e.currentTarget.select()} />
      <div className="actions end">
        <button type="button" className="button" onClick={() => void copy(csp, t`CSP line copied`)}>
          <Trans>Copy CSP line</Trans>
        </button>
        <button type="button" className="button" onClick={onClose}>
          <Trans>Close</Trans>
        </button>
      </div>
    </Dialog>
  );
}
