/**
 * The vidbot replay's selection (issue 14 "Paths": `npm run paths -- --bot <publicId>` prints a
 * published vidbot's paths; the e2e suite replays them).
 *
 * The catalog's `vidbot` entry is the demo bot (machines/vidbot/vidbot.fixtures.ts), which no server
 * publishes: none of ITS paths is replayed (each carries that reason). e2e/replay-vidbot.spec.ts
 * instead publishes a bot of its own (e2e/replay/replayBot.ts), fetches it through the public player
 * API, compiles it (`compileVidbot` + `payloadFreeSource` + `pathsFromSource`, exactly what the
 * `--bot` CLI prints) and replays every tour path of THAT chart by clicking its buttons and letting
 * its videos end in the real player. Coverage should therefore count the catalog demo bot's e2e
 * coverage as 0 % with this reason, and report the published bot's replay as its own line
 * (`vidbot (published replay bot)`: every slide state, button and video-end transition of its
 * chart), since the two charts have different state ids. Pure.
 */
import type { ReplaySelection } from './selection';

export const vidbotSelection: ReplaySelection = {
  machine: 'vidbot',
  strategy: 'tour',
  select: () =>
    'the catalog vidbot is the demo bot, which is not published on a server; e2e/replay-vidbot.spec.ts replays every tour path of a published bot of its own (`npm run paths -- --bot <publicId>`)',
};
