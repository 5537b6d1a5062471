// @vitest-environment node
/**
 * The carousel script's budget (issue 15; architecture note §1): the minified IIFE that `npm run build`
 * writes to dist/embed/carousel.js (scripts/build-loader.mjs) must gzip to ≤ 6144 bytes, be a classic
 * script (no import/export statements) and carry no stylesheet of its own (the CSS travels in the
 * config, CarouselConfig.css).
 */
import { describe, expect, it } from 'vitest';
import { buildCarouselCode } from '../../scripts/build-loader.mjs';

describe('dist/embed/carousel.js', () => {
  it('is at most 6 KB gzip, a classic script, without the stylesheet', async () => {
    const { code, gzipBytes } = await buildCarouselCode();
    console.log(`carousel: ${code.length} B minified, ${gzipBytes} B gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(6144);
    expect(code).not.toMatch(/(^|[;}])\s*(import|export)\s/);
    expect(code.startsWith('"use strict";(()=>{')).toBe(true);
    expect(code).not.toContain('aspect-ratio');
  }, 60_000);
});
