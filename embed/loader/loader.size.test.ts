// @vitest-environment node
/**
 * The loader's budget (issue 12 "a `<script>` loader of at most 2 KB gzip"): the minified IIFE that
 * `npm run build` writes to dist/embed/loader.js (scripts/build-loader.mjs) must gzip to ≤ 2048 bytes,
 * and it must be a classic script (no import/export statements).
 */
import { describe, expect, it } from 'vitest';
import { buildLoaderCode } from '../../scripts/build-loader.mjs';

describe('dist/embed/loader.js', () => {
  it('is at most 2048 bytes gzip and a classic script', async () => {
    const { code, gzipBytes } = await buildLoaderCode();
    console.log(`loader: ${code.length} B minified, ${gzipBytes} B gzip`);
    expect(gzipBytes).toBeLessThanOrEqual(2048);
    expect(code).not.toMatch(/(^|[;}])\s*(import|export)\s/);
    expect(code.startsWith('"use strict";(()=>{')).toBe(true);
  }, 60_000);
});
