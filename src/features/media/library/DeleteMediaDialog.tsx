/**
 * Delete dialog (spec 001 §2 "delete"): asks GET /media/{id}/usage first and warns, naming them,
 * when published vidbots show this media (their slides lose it), or says the check failed; then
 * DELETE /media/{id}. Failure shows the generic error toast (spec 001 §8).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../../ui/toast';
import { Dialog } from '../../../ui/Dialog';
import type { Media } from '../media.types';
import { deleteMedia, mediaUsage, invalidateMediaLists } from './library.queries';

export function DeleteMediaDialog({ media, onClose }: { media: Media | null; onClose: () => void }) {
  const { t } = useLingui();
  return (
    <Dialog open={media !== null} title={t`Delete media`} onClose={onClose} confirm>
      {media && <DeleteBody media={media} onClose={onClose} />}
    </Dialog>
  );
}

function DeleteBody({ media, onClose }: { media: Media; onClose: () => void }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const usage = useQuery({ queryKey: ['media', 'usage', media.id], queryFn: () => mediaUsage(media.id), staleTime: 0 });
  const remove = useMutation({
    mutationFn: () => deleteMedia(media.id),
    onSuccess: async () => {
      await invalidateMediaLists(queryClient);
      toast.success(t`Media deleted`);
      onClose();
    },
    onError: () => toast.error(t`An error occurred`),
  });
  const bots = usage.data?.publishedBots ?? [];
  const name = media.name;
  return (
    <div>
      <p>
        <Trans>Delete “{name}”? This cannot be undone.</Trans>
      </p>
      {usage.isPending ? (
        <p role="status">
          <Trans>Checking where it is used…</Trans>
        </p>
      ) : usage.isError ? (
        <p className="alert alert-warning" role="alert">
          <Trans>Could not check which published vidbots use this media.</Trans>
        </p>
      ) : bots.length > 0 ? (
        <div className="alert alert-warning" role="alert">
          <p>
            <Trans>These published vidbots use this media; their slides will lose it:</Trans>
          </p>
          <ul>
            {bots.map((b) => (
              <li key={b.id}>{b.name}</li>
            ))}
          </ul>
        </div>
      ) : null}
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          <Trans>Cancel</Trans>
        </button>
        <button type="button" className="button danger" disabled={usage.isPending || remove.isPending} onClick={() => remove.mutate()} data-autofocus>
          <Trans>Delete</Trans>
        </button>
      </div>
    </div>
  );
}
