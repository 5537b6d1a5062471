/**
 * Coverage gaps of the catalog's compiled demo vidbot (issue 14 "Coverage"; machines/tooling/gaps.ts).
 * The demo content (vidbot.fixtures.ts) deliberately has a slide nothing leads to, so that the
 * analysis and the editor's warnings have an orphan to find; no path can reach it.
 */
import type { CoverageGaps } from '../tooling/gaps';

export const coverageGaps: CoverageGaps = {
  states: {
    'vidbot.slide-4': 'Slide “Orphan” of the demo vidbot is unreachable on purpose (no button leads to it): it is the example of an orphan slide that the publish warnings point out, so no viewer can ever see it.',
  },
  transitions: {
    'vidbot.slide-4|button.8|0': 'The Home button of the unreachable demo slide “Orphan”: a viewer never sees that slide, so the button can never be pressed.',
  },
};
