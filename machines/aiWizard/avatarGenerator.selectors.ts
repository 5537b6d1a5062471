/**
 * Selectors the avatar generator page binds to (DESIGN §5: views read the chart through these, never
 * through raw state names). Issue 16; spec 001 §2 "Avatar video generator".
 */
import type { ActorRefFrom, SnapshotFrom } from 'xstate';
import type { Avatar, AvatarGroup, AvatarVoice } from '../../server/src/modules/avatar/avatar.schemas';
import type { aiJobMachine } from '../aiJob/aiJob.machine';
import type { AvatarFailure, AvatarGeneratorMachine } from './avatarGenerator.machine';

type AvatarGeneratorSnapshot = SnapshotFrom<AvatarGeneratorMachine>;

/** Which screen the page shows. */
export type AvatarScreen = 'select' | 'settings' | 'generating' | 'failed' | 'done';

/** The screen of the page (announcing counts as generating: the bar is full, the toast follows). */
export function selectScreen(snapshot: AvatarGeneratorSnapshot): AvatarScreen {
  if (snapshot.matches('select')) return 'select';
  if (snapshot.matches('settings')) return 'settings';
  if (snapshot.matches('failed')) return 'failed';
  if (snapshot.matches('done')) return 'done';
  return 'generating';
}

/** True while the step's list (groups, or the group's looks and voices) is loading. */
export function selectIsLoading(snapshot: AvatarGeneratorSnapshot): boolean {
  return snapshot.matches({ select: 'loading' }) || snapshot.matches({ settings: 'loading' });
}

/** True when the step's list failed to load (Try again offered). */
export function selectLoadFailed(snapshot: AvatarGeneratorSnapshot): boolean {
  return snapshot.matches({ select: 'loadFailed' }) || snapshot.matches({ settings: 'loadFailed' });
}

/** The groups of the current page (≤ 4). */
export function selectGroups(snapshot: AvatarGeneratorSnapshot): AvatarGroup[] {
  return snapshot.context.groups;
}

/** Paging of the groups: `{ page, pageCount, totalCount }` (page 1-based). */
export function selectPaging(snapshot: AvatarGeneratorSnapshot): { page: number; pageCount: number; totalCount: number } {
  const { page, pageCount, totalCount } = snapshot.context;
  return { page, pageCount, totalCount };
}

/** True when page `page` may be opened now. */
export function selectCanOpenPage(snapshot: AvatarGeneratorSnapshot, page: number): boolean {
  return snapshot.can({ type: 'avatar.page', page });
}

/** The chosen group, or null. */
export function selectGroup(snapshot: AvatarGeneratorSnapshot): AvatarGroup | null {
  return snapshot.context.group;
}

/** The chosen group's looks. */
export function selectAvatars(snapshot: AvatarGeneratorSnapshot): Avatar[] {
  return snapshot.context.avatars;
}

/** The voices on offer. */
export function selectVoices(snapshot: AvatarGeneratorSnapshot): AvatarVoice[] {
  return snapshot.context.voices;
}

/** True when the settings form may be submitted (the looks are loaded). */
export function selectCanEdit(snapshot: AvatarGeneratorSnapshot): boolean {
  return snapshot.matches({ settings: 'editing' });
}

/** The last failure, or null. */
export function selectFailure(snapshot: AvatarGeneratorSnapshot): AvatarFailure | null {
  return snapshot.context.failure;
}

/** The running job chart (its `status` and `progress` drive the bar), or undefined. */
export function selectJobRef(snapshot: AvatarGeneratorSnapshot): ActorRefFrom<typeof aiJobMachine> | undefined {
  return (snapshot.children as Record<string, ActorRefFrom<typeof aiJobMachine> | undefined>).job;
}

/** The new video's media id and title once done, else null. */
export function selectResult(snapshot: AvatarGeneratorSnapshot): { mediaId: number; title: string } | null {
  const { mediaId, request } = snapshot.context;
  return snapshot.matches('done') && mediaId !== null ? { mediaId, title: request?.title ?? '' } : null;
}

/** True while any call or the job runs. */
export function selectIsBusy(snapshot: AvatarGeneratorSnapshot): boolean {
  return snapshot.hasTag('pending');
}
