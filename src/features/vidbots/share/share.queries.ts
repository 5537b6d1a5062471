/**
 * The share tab's calls (issue 12 architecture §5): the display-ad package `GET /api/bot/{id}/ad-package
 * ?platform=…` (authenticated, feature `vidbot_as_ads`, `application/zip`). It is a binary answer, so it
 * is fetched with the ID token directly (as `downloadCaption` does) rather than through the JSON client.
 */
import { queryOptions } from '@tanstack/react-query';
import { toHttpError } from '../../../api/client';
import { getIdToken } from '../../session/identity';

/** `/api/bot/{id}/ad-package?platform=…`. */
export function adPackagePath(botId: number, platform: string): string {
  return `/api/bot/${botId}/ad-package?platform=${encodeURIComponent(platform)}`;
}

/**
 * Whether this server offers the ad package for the bot: a HEAD request (no body downloaded).
 * - `ready` — 2xx;
 * - `missing` — 404 (the endpoint or the bot is not there: older server);
 * - `forbidden` — 403 (the account lacks `vidbot_as_ads`, or the person may not);
 * - `failed` — any other answer (the Download button stays enabled and reports the error).
 */
export type AdPackageProbe = 'ready' | 'missing' | 'forbidden' | 'failed';

/** The probe of `adPackagePath` (query; cached for 5 minutes). */
export function adPackageProbeOptions(botId: number, platform: string) {
  return queryOptions({
    queryKey: ['share', 'ad-package-probe', botId, platform],
    queryFn: async ({ signal }): Promise<AdPackageProbe> => {
      const token = await getIdToken();
      const response = await fetch(adPackagePath(botId, platform), { method: 'HEAD', signal, headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (response.ok) return 'ready';
      if (response.status === 404) return 'missing';
      if (response.status === 403) return 'forbidden';
      return 'failed';
    },
    staleTime: 5 * 60_000,
    retry: false,
  });
}

/**
 * Downloads the display-ad package: GET with the ID token, saved under the server's file name
 * (Content-Disposition) or `vidbot-{botId}-{platform}.zip`.
 * @throws HttpError for a non-2xx answer (its `message` is the server's detail)
 */
export async function downloadAdPackage(botId: number, platform: string): Promise<void> {
  const token = await getIdToken();
  const response = await fetch(adPackagePath(botId, platform), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await toHttpError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `vidbot-${botId}-${platform}.zip`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
