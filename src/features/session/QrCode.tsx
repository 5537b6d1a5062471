/**
 * A QR code of an `otpauth://totp/…` URI (spec 000 §2 MFA setup: "shows a QR code and secret"),
 * rendered as SVG by the `qrcode` package, with the secret shown as text beside it by the caller.
 */
import { useEffect, useState } from 'react';
import QRCode from 'qrcode';
import { useLingui } from '@lingui/react/macro';

/** The QR image of `value`; nothing until the SVG is ready, an empty box when it cannot be made. */
export function QrCode({ value, size = 200 }: { value: string; size?: number }) {
  const { t } = useLingui();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    QRCode.toString(value, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((out) => {
        if (live) setSvg(out);
      })
      .catch(() => {
        if (live) setSvg(null);
      });
    return () => {
      live = false;
    };
  }, [value]);
  return (
    <div className="qr-code" style={{ width: size, height: size }}>
      {svg && (
        <img
          src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
          width={size}
          height={size}
          alt={t`QR code for your authenticator app`}
        />
      )}
    </div>
  );
}
