/**
 * Read a running vidbot (DESIGN §5 "views bind through selectors"): which slide is shown, which
 * buttons work, whether it has ended. Pure functions of a snapshot and the compiled content.
 */
import { buttonEvent, isOptionLive, type VidbotSnapshot } from './vidbot.machine';
import type { Slide, SlideOption, VidbotContent } from './vidbot.types';

/** The slide on screen, or null when the vidbot is closed or has no slides. */
export function selectCurrentSlide(snapshot: VidbotSnapshot, content: VidbotContent): Slide | null {
  const id = snapshot.context.slideId;
  if (id === null || snapshot.status !== 'active') return null;
  return content.slides.find((s) => s.id === id) ?? null;
}

/** Buttons of `slide` that do something (deleted SLIDE buttons — missing target — are left out), in order. */
export function selectLiveOptions(slide: Slide, content: VidbotContent): SlideOption[] {
  const slideIds = new Set(content.slides.map((s) => s.id));
  return slide.options.filter((o) => isOptionLive(o, slideIds));
}

/** Whether pressing the button would be accepted in this snapshot. */
export function selectCanPress(snapshot: VidbotSnapshot, optionId: number): boolean {
  return snapshot.can(buttonEvent(optionId));
}

/** True once the viewer closed the vidbot (CLOSE_VIDBOT). */
export function selectIsClosed(snapshot: VidbotSnapshot): boolean {
  return snapshot.hasTag('closed');
}

/** True when the content has no slides at all. */
export function selectIsEmpty(snapshot: VidbotSnapshot): boolean {
  return snapshot.hasTag('empty');
}

/** The slide ids entered so far, in order (the path analytics records). */
export function selectPath(snapshot: VidbotSnapshot): readonly number[] {
  return snapshot.context.path;
}
