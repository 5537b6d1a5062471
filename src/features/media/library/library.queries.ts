/**
 * Queries and calls of the media library (docs/api.md "Media"; spec 001 §2, §7, §9): the list with
 * 5 s polling while anything is processing, rename / crop (PATCH), usage, delete, and captions.
 */
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api, toHttpError } from '../../../api/client';
import { typedApi } from '../../../api/contract';
import { getIdToken } from '../../session/identity';
import type { ListResponse } from '../../../api/types';
import type { Media, MediaCrop } from '../media.types';
import type { LibraryType, MediaLibrarySearch } from './librarySearch';

/** Spec 001 §9: media polling 5000 ms. */
export const MEDIA_POLL_MS = 5000;
/** Rows per page of the library. */
export const MEDIA_PAGE_SIZE = 10;

export const libraryKeys = {
  list: (accountId: number, type: LibraryType, search: MediaLibrarySearch) => ['media', 'library', accountId, type, search] as const,
};

/** Polls every 5 s while a listed media is still processing (Draft). */
export function pollWhileProcessing(data: ListResponse<Media> | undefined): number | false {
  return data?.records.some((m) => m.status === 'Draft') ? MEDIA_POLL_MS : false;
}

/** GET /media for one library tab (`media_types` VIDEO or IMAGE). */
export function mediaLibraryOptions(accountId: number, type: LibraryType, search: MediaLibrarySearch) {
  return queryOptions({
    queryKey: libraryKeys.list(accountId, type, search),
    queryFn: ({ signal }) =>
      typedApi.get('/media', {
        query: {
          account_id: accountId,
          media_types: type === 'image' ? 'IMAGE' : 'VIDEO',
          name: search.name || undefined,
          page: search.page,
          size: MEDIA_PAGE_SIZE,
          order_by: search.order_by,
          order_direction: search.order_direction,
        },
        signal,
      }),
    refetchInterval: (query) => pollWhileProcessing(query.state.data),
  });
}

/** A bot using a media (GET /media/{id}/usage). */
export interface BotRef {
  id: number;
  publicId: string;
  name: string;
}

export const renameMedia = (id: number, name: string) => typedApi.patch('/media/{id}', { path: { id }, body: { name } });
export const cropMedia = (id: number, crop: MediaCrop) => typedApi.patch('/media/{id}', { path: { id }, body: { crop } });
export const mediaUsage = (id: number) => typedApi.get('/media/{id}/usage', { path: { id } });
export const deleteMedia = (id: number) => typedApi.delete('/media/{id}', { path: { id } });

/** PUT /media/{id}/caption?account_id&language with multipart field `file`. */
export function uploadCaption(media: Pick<Media, 'id' | 'accountId'>, language: string, file: File) {
  const form = new FormData();
  form.append('file', file, file.name);
  return typedApi.put('/media/{id}/caption', { path: { id: media.id }, body: form, query: { account_id: media.accountId, language } });
}

export const deleteCaption = (mediaId: number, captionId: number) =>
  typedApi.delete('/media/{id}/caption/{captionId}', { path: { id: mediaId, captionId } });

/**
 * Downloads a caption as a .vtt file: GET /media/{id}/caption/{captionId} with the ID token (the
 * answer is an attachment), saved through a temporary object URL under the server's file name.
 */
export async function downloadCaption(mediaId: number, captionId: number): Promise<void> {
  const token = await getIdToken();
  const response = await fetch(`/api/media/${mediaId}/caption/${captionId}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await toHttpError(response);
  const disposition = response.headers.get('content-disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'subtitles.vtt';
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * Refreshes the media lists (library tabs and the editors' choosers) after a change. Single-media
 * queries (usage, one) are left alone: after a delete they would answer 404.
 */
export function invalidateMediaLists(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] === 'media' && (q.queryKey[1] === 'library' || q.queryKey[1] === 'chooser') });
}
