/**
 * queryOptions of the media used by the chooser (docs/api.md "Media"; spec 001 §2 media chooser).
 */
import { queryOptions } from '@tanstack/react-query';
import { typedApi } from '../../api/contract';
import type { ListResponse } from '../../api/types';
import type { Media, MediaKind } from './media.types';

/** How many recent media the chooser lists per page. */
export const CHOOSER_PAGE_SIZE = 50;

export const mediaKeys = {
  all: ['media'] as const,
  chooser: (accountId: number, kinds: readonly MediaKind[], name: string) => ['media', 'chooser', accountId, kinds, name] as const,
};

/**
 * GET /media?account_id&media_types&name&order_by=created_at&order_direction=desc — newest first;
 * the chooser shows the Ready ones.
 */
export function chooserMediaOptions(accountId: number, kinds: readonly MediaKind[], name = '') {
  return queryOptions({
    queryKey: mediaKeys.chooser(accountId, kinds, name),
    queryFn: ({ signal }) =>
      typedApi.get('/media', {
        query: {
          account_id: accountId,
          media_types: kinds.join(','),
          name: name || undefined,
          page: 1,
          size: CHOOSER_PAGE_SIZE,
          order_by: 'created_at',
          order_direction: 'desc',
        },
        signal,
      }),
  });
}
