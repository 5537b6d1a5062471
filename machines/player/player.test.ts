/**
 * Player machine tests: the graph tours (player.paths.ts) replayed on a live actor step for step like
 * the pure transition, with invariants checked in every snapshot; coverage of every state and
 * transition; and journeys for issue 12 "The player" (spec 001 §3 Slide option, Action, form submit
 * button and thank-you page types) that check where the viewer ends up and what is reported.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, initialTransition, transition, type AnyEventObject } from 'xstate';
import { playerMachine, type PlayerEmitted, type PlayerInput } from './player.machine';
import { BUTTON_DELAY_EVENT, playerPathInputs, playerPaths, tourBot } from './player.paths';
import { graphCoverage } from '../testing/graph-coverage';
import {
  selectBlocked,
  selectButtonsShown,
  selectCaptionLanguage,
  selectCaptionsShown,
  selectLink,
  selectLiveOptions,
  selectMedia,
  selectPath,
  selectSlide,
  selectView,
  selectVisit,
} from './player.selectors';

function start(input: PlayerInput = playerPathInputs.autoplay) {
  const actor = createActor(playerMachine, { input });
  const emitted: PlayerEmitted[] = [];
  actor.on('*', (e) => emitted.push(e as PlayerEmitted));
  actor.start();
  const send = (event: AnyEventObject) => actor.send(event as never);
  const press = (name: string) => {
    const option = selectSlide(actor.getSnapshot())?.options.find((o) => o.name === name);
    if (!option) throw new Error(`no button ${name}`);
    send({ type: 'button.press', optionId: option.id });
  };
  return { actor, emitted, send, press, snap: () => actor.getSnapshot() };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('player chart: graph tour', () => {
  const paths = playerPaths();

  it('covers every state and every transition', () => {
    const coverage = graphCoverage(playerMachine, paths.map((p) => ({ input: p.input, events: p.events })));
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
    expect(coverage.states.covered).toEqual(
      expect.arrayContaining(['player.slide.media.playing', 'player.slide.media.paused', 'player.slide.media.ended', 'player.form', 'player.thankYou', 'player.link', 'player.shareMedia', 'player.closed', 'player.empty']),
    );
  }, 120_000);

  it('replays every path on a live actor, step for step like the pure transition, keeping the invariants', () => {
    for (const path of paths) {
      const h = start(path.input);
      let [expected] = initialTransition(playerMachine, path.input);
      for (const event of path.events) {
        [expected] = transition(playerMachine, expected, event as never);
        h.send(event);
        const s = h.snap();
        const where = `${path.description} @ ${event.type}`;
        expect(s.value, where).toEqual(expected.value);
        expect(s.context.vidbot.context.path, where).toEqual(expected.context.vidbot.context.path);
        // Invariants: an action view has its action; the slide under it is the chart's; closed has no slide.
        const view = selectView(s);
        if (view === 'form' || view === 'thankYou' || view === 'shareMedia') expect(s.context.action, where).not.toBeNull();
        if (view === 'link') expect(selectLink(s), where).not.toBeNull();
        if (view === 'closed' || view === 'empty') expect(selectSlide(s), where).toBeNull();
        else expect(selectSlide(s)?.id, where).toBe(s.context.vidbot.context.slideId);
        if (selectMedia(s) === 'still') expect(selectSlide(s)?.type, where).toBe('IMAGE');
        if (selectBlocked(s)) expect(selectMedia(s), where).toBe('paused');
      }
      h.actor.stop();
    }
  }, 300_000);
});

describe('player chart: journeys', () => {
  it('starts on the INTRO slide playing (autoplay) with its buttons, and reports slide.enter from null', () => {
    const h = start();
    expect(selectView(h.snap())).toBe('slide');
    expect(selectSlide(h.snap())?.name).toBe('Intro');
    expect(selectMedia(h.snap())).toBe('playing');
    expect(selectButtonsShown(h.snap())).toBe(true);
    // The deleted button (target 99) is left out.
    expect(selectLiveOptions(h.snap()).map((o) => o.name)).toEqual(['Next', 'Bye', 'Hub']);
    expect(h.emitted).toEqual([{ type: 'slide.enter', from: null, to: 1, path: [1] }]);
  });

  it('a SLIDE button walks the compiled chart: new visit, slide.enter from → to, button.click with trackConversion', () => {
    const h = start();
    const visit = selectVisit(h.snap());
    h.press('Next');
    expect(selectSlide(h.snap())?.name).toBe('Second');
    expect(selectVisit(h.snap())).toBe(visit + 1);
    expect(selectMedia(h.snap())).toBe('playing');
    expect(h.emitted.slice(1)).toEqual([
      { type: 'button.click', slideId: 1, optionId: 1, optionType: 'SLIDE', name: 'Next', trackConversion: true, trigger: 'button' },
      { type: 'slide.enter', from: 1, to: 2, path: [1, 2] },
    ]);
  });

  it('a deleted button does nothing', () => {
    const h = start();
    h.press('Gone');
    expect(selectSlide(h.snap())?.id).toBe(1);
    expect(h.emitted).toHaveLength(1);
  });

  it('video end follows the video-end button; videoEndAutoplay decides whether the next video plays', () => {
    const h = start();
    h.send({ type: 'media.ended' });
    expect(selectSlide(h.snap())?.id).toBe(2);
    expect(selectMedia(h.snap())).toBe('playing'); // Next has videoEndAutoplay
    h.send({ type: 'media.ended' });
    expect(selectSlide(h.snap())?.id).toBe(1);
    expect(selectMedia(h.snap())).toBe('paused'); // Home has not
    expect(h.emitted.filter((e) => e.type === 'button.click').map((e) => (e as { trigger: string }).trigger)).toEqual(['video.end', 'video.end']);
  });

  it('a video without a video-end button just ends; play replays it', () => {
    const h = start({ bot: tourBot, startSlideId: 10 });
    h.send({ type: 'media.ended' });
    expect(selectMedia(h.snap())).toBe('ended');
    h.send({ type: 'play' });
    expect(selectMedia(h.snap())).toBe('playing');
  });

  it('blocked autoplay pauses with the blocked flag until the viewer plays', () => {
    const h = start();
    h.send({ type: 'media.blocked' });
    expect(selectMedia(h.snap())).toBe('paused');
    expect(selectBlocked(h.snap())).toBe(true);
    h.send({ type: 'play' });
    expect(selectBlocked(h.snap())).toBe(false);
    expect(selectMedia(h.snap())).toBe('playing');
  });

  it('captions: the toggle, caption-on-pause, and the slide override over settings.language', () => {
    const h = start();
    expect(selectCaptionsShown(h.snap())).toBe(false);
    h.send({ type: 'pause' });
    expect(selectCaptionsShown(h.snap())).toBe(true); // isCaptionOnPauseEnabled
    h.send({ type: 'play' });
    h.send({ type: 'captions.toggle' });
    expect(selectCaptionsShown(h.snap())).toBe(true);
    expect(selectCaptionLanguage(h.snap(), 'fi')).toBe('en');
    const overridden = start({ bot: { ...tourBot, slides: tourBot.slides.map((s) => (s.id === 1 ? { ...s, language: 'fi' } : s)) } });
    expect(selectCaptionLanguage(overridden.snap(), 'en')).toBe('fi');
  });

  it('likes toggle and are reported', () => {
    const h = start();
    h.send({ type: 'like.toggle' });
    h.send({ type: 'like.toggle' });
    expect(h.emitted.filter((e) => e.type === 'liked')).toEqual([
      { type: 'liked', slideId: 1, liked: true },
      { type: 'liked', slideId: 1, liked: false },
    ]);
  });

  it('CLOSE_VIDBOT closes (closed reported with the path); restart plays the start slide again', () => {
    const h = start();
    h.press('Bye');
    expect(selectView(h.snap())).toBe('closed');
    expect(h.emitted.at(-1)).toEqual({ type: 'closed', path: [1] });
    h.send({ type: 'restart' });
    expect(selectSlide(h.snap())?.id).toBe(1);
    expect(h.emitted.at(-1)).toEqual({ type: 'slide.enter', from: null, to: 1, path: [1] });
  });

  it('the host close command closes from a slide or an action view', () => {
    const h = start();
    h.press('Hub');
    h.press('Form 20');
    h.send({ type: 'close' });
    expect(selectView(h.snap())).toBe('closed');
  });

  describe('forms (submit button types)', () => {
    const atHub = () => {
      const h = start();
      h.press('Hub');
      return h;
    };

    it('CLOSE_FORM: back on the same slide without re-entering it; form.submitted reported', () => {
      const h = atHub();
      const visit = selectVisit(h.snap());
      h.press('Form 20');
      expect(selectView(h.snap())).toBe('form');
      expect(h.snap().context.action?.id).toBe(20);
      h.send({ type: 'form.submitted', submissionId: 'abc' });
      expect(selectView(h.snap())).toBe('slide');
      expect(selectSlide(h.snap())?.id).toBe(3);
      expect(selectVisit(h.snap())).toBe(visit);
      expect(selectButtonsShown(h.snap())).toBe(true);
      expect(h.emitted.at(-1)).toEqual({ type: 'form.submitted', actionId: 20, submissionId: 'abc' });
    });

    it('cancelling a form returns to the slide and reports nothing', () => {
      const h = atHub();
      h.press('Form 20');
      const count = h.emitted.length;
      h.send({ type: 'form.cancelled' });
      expect(selectView(h.snap())).toBe('slide');
      expect(h.emitted).toHaveLength(count);
    });

    it('THANK_YOU_PAGE then the thank-you SLIDE button enters that slide', () => {
      const h = atHub();
      h.press('Form 21');
      h.send({ type: 'form.submitted', submissionId: 'x' });
      expect(selectView(h.snap())).toBe('thankYou');
      h.send({ type: 'thankYou.button' });
      expect(selectSlide(h.snap())?.id).toBe(2);
      expect(selectPath(h.snap())).toEqual([1, 3, 2]);
      expect(h.emitted.at(-1)).toEqual({ type: 'slide.enter', from: 3, to: 2, path: [1, 3, 2] });
    });

    it('CLOSE_VIDBOT closes; SLIDE goes to the slide', () => {
      const a = atHub();
      a.press('Form 22');
      a.send({ type: 'form.submitted', submissionId: 'x' });
      expect(selectView(a.snap())).toBe('closed');
      const b = atHub();
      b.press('Form 23');
      b.send({ type: 'form.submitted', submissionId: 'x' });
      expect(selectSlide(b.snap())?.id).toBe(2);
    });

    it('thank-you buttons: CLOSE_VIDBOT closes, EXTERNAL_LINK embeds or opens, DEFAULT closes the form', () => {
      const close = atHub();
      close.press('Form 24');
      close.send({ type: 'form.submitted', submissionId: 'x' });
      close.send({ type: 'thankYou.button' });
      expect(selectView(close.snap())).toBe('closed');

      const embed = atHub();
      embed.press('Form 25');
      embed.send({ type: 'form.submitted', submissionId: 'x' });
      embed.send({ type: 'thankYou.button' });
      expect(selectView(embed.snap())).toBe('link');
      expect(selectLink(embed.snap())?.url).toBe('https://example.com/embed');
      embed.send({ type: 'link.closed' });
      expect(selectView(embed.snap())).toBe('slide');

      const tab = atHub();
      tab.press('Form 26');
      tab.send({ type: 'form.submitted', submissionId: 'x' });
      tab.send({ type: 'thankYou.button' });
      expect(selectView(tab.snap())).toBe('slide');
      expect(tab.emitted.at(-1)).toMatchObject({ type: 'link.open', action: { url: 'https://example.com/tab', linkType: 'new_tab' } });

      const plain = atHub();
      plain.press('Form 27');
      plain.send({ type: 'form.submitted', submissionId: 'x' });
      plain.send({ type: 'thankYou.button' });
      expect(selectView(plain.snap())).toBe('slide');
      expect(selectSlide(plain.snap())?.id).toBe(3);
    });

    it('a button whose form is missing does nothing', () => {
      const h = atHub();
      h.press('Missing form');
      expect(selectView(h.snap())).toBe('slide');
    });
  });

  it('links, post message and share media', () => {
    const h = start();
    h.press('Hub');
    h.press('Embed');
    expect(selectView(h.snap())).toBe('link');
    h.send({ type: 'link.closed' });
    h.press('Open');
    expect(selectView(h.snap())).toBe('slide');
    expect(h.emitted.at(-1)).toMatchObject({ type: 'link.open', action: { id: 31 } });
    h.press('Post');
    expect(h.emitted.at(-1)).toEqual({ type: 'post.message', slideId: 3, actionId: 32, value: 'hello-host' });
    h.press('Share 33');
    expect(selectView(h.snap())).toBe('shareMedia');
    h.send({ type: 'shareMedia.done' });
    expect(selectView(h.snap())).toBe('thankYou');
    h.send({ type: 'thankYou.button' });
    expect(selectView(h.snap())).toBe('slide');
    h.press('Share 35');
    h.send({ type: 'shareMedia.done' });
    expect(selectSlide(h.snap())?.id).toBe(1);
  });

  it('delayButtons and hideActionButtonsUntilPlay gate the buttons; the delay is a real timer', () => {
    vi.useFakeTimers();
    const h = start(playerPathInputs.gated);
    expect(selectMedia(h.snap())).toBe('paused');
    expect(selectButtonsShown(h.snap())).toBe(false);
    vi.advanceTimersByTime(2000);
    expect(selectButtonsShown(h.snap())).toBe(false); // not played yet
    h.send({ type: 'play' });
    expect(selectButtonsShown(h.snap())).toBe(false); // asked, but the video has not started
    h.send({ type: 'media.playing' });
    expect(selectButtonsShown(h.snap())).toBe(true);
    h.press('Next');
    expect(selectButtonsShown(h.snap())).toBe(false); // the delay runs again on the next slide
    vi.advanceTimersByTime(1999);
    expect(selectButtonsShown(h.snap())).toBe(false);
    vi.advanceTimersByTime(1);
    expect(selectButtonsShown(h.snap())).toBe(true);
    h.actor.stop();
  });

  it('hideActionButtonsUntilPlay does not hide the buttons of an image slide (nothing to play)', () => {
    const h = start({ bot: tourBot, startSlideId: 3, hideActionButtonsUntilPlay: true, autoplay: false });
    expect(selectMedia(h.snap())).toBe('still');
    expect(selectButtonsShown(h.snap())).toBe(true);
  });

  it('the delayed event name the paths use is the one the chart listens to', () => {
    const [s0] = initialTransition(playerMachine, playerPathInputs.gated);
    const [s1] = transition(playerMachine, s0, { type: BUTTON_DELAY_EVENT } as never);
    expect(s1.context.delayDone).toBe(true);
  });

  it('a bot without slides is empty', () => {
    const h = start(playerPathInputs.empty);
    expect(selectView(h.snap())).toBe('empty');
    expect(h.emitted).toEqual([]);
  });
});
