/**
 * A small vidbot used by the machine, analysis and player tests: every button type the machine
 * compiles, a deleted button, a self-loop dead end and an unreachable slide.
 *
 *   1 Welcome (INTRO, video) ─Show me─▶ 2   ─Pricing (also on video end)─▶ 3   ─Bye─▶ closed   ─Website─▶ action 10
 *   2 Product (image)        ─Back─▶ 1      ─Gone─▶ 99 (missing: deleted)
 *   3 Pricing (video)        ─Replay─▶ 3 (dead end)
 *   4 Orphan (image)         ─Home─▶ 1 (nothing leads here: unreachable)
 */
import type { PlayerBot } from './vidbot.types';

export const demoVidbot: PlayerBot = {
  id: 7,
  publicId: 'demo-bot',
  name: 'Demo vidbot',
  revisionId: 70,
  revNumber: 3,
  theme: {},
  actions: [{ id: 10, name: 'Website', type: 'EXTERNAL_LINK', url: 'https://example.com/', linkType: 'new_tab' }],
  slides: [
    {
      id: 1,
      name: 'Welcome',
      category: 'INTRO',
      type: 'VIDEO',
      videoId: 100,
      imageId: null,
      videoUrl: '/files/welcome.mp4',
      posterUrl: '/files/welcome.jpg',
      options: [
        { id: 1, name: 'Show me', type: 'SLIDE', targetId: 2 },
        { id: 2, name: 'Pricing', type: 'SLIDE', targetId: 3, videoEndListener: true, videoEndAutoplay: true },
        { id: 3, name: 'Bye', type: 'CLOSE_VIDBOT', targetId: null },
        { id: 4, name: 'Website', type: 'EXTERNAL_LINK', targetId: 10 },
      ],
    },
    {
      id: 2,
      name: 'Product',
      category: 'SLIDE',
      type: 'IMAGE',
      videoId: null,
      imageId: 200,
      imageUrl: '/files/product.jpg',
      options: [
        { id: 5, name: 'Back', type: 'SLIDE', targetId: 1 },
        { id: 6, name: 'Gone', type: 'SLIDE', targetId: 99 },
      ],
    },
    {
      id: 3,
      name: 'Pricing',
      category: 'SLIDE',
      type: 'VIDEO',
      videoId: 101,
      imageId: null,
      videoUrl: '/files/pricing.mp4',
      posterUrl: null,
      options: [{ id: 7, name: 'Replay', type: 'SLIDE', targetId: 3 }],
    },
    {
      id: 4,
      name: 'Orphan',
      category: 'SLIDE',
      type: 'IMAGE',
      videoId: null,
      imageId: 201,
      imageUrl: '/files/orphan.jpg',
      options: [{ id: 8, name: 'Home', type: 'SLIDE', targetId: 1 }],
    },
  ],
};
