/**
 * Builds the widget's classic scripts with esbuild (issue 12 "Widget script"; architecture §1, §8):
 * - `embed/loader/loader.ts` → `dist/embed/loader.js`: one minified IIFE (a classic script, pasted
 *   as `<script async src>`; also the body of the sync variant `/embed/sync/{publicId}.js`). Budget:
 *   ≤ 2048 bytes gzip (embed/loader/loader.size.test.ts fails above it).
 * - `embed/loader/preview.ts` → `dist/embed/widget-preview.js`: the share tab's live preview page
 *   (`/widget-preview/{publicId}`), not size-bound.
 * - `embed/carousel/index.ts` → `dist/embed/carousel.js`: the carousel script (issue 15; one classic
 *   IIFE that fills every `[data-vidbot-carousel]` element). Budget: ≤ 6144 bytes gzip
 *   (embed/carousel/carousel.size.test.ts). Its stylesheet travels in the config, not in the script.
 * - `embed/carousel/preview.ts` → `dist/embed/carousel-preview.js`: the widget editor's carousel
 *   preview page (`/widget-preview/{widgetPublicId}`, `/widget-preview/current?type=carousel`).
 * Run by `npm run build` after the embed Vite build; `buildLoaderCode()` is what the size test uses.
 */
import { build } from 'esbuild';
import { mkdirSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** esbuild options shared by both scripts. */
const common = { bundle: true, format: 'iife', minify: true, target: 'es2020', platform: 'browser', legalComments: 'none', write: false, logLevel: 'silent' };

/** The minified code of one entry (string). */
async function bundle(entry) {
  const out = await build({ ...common, entryPoints: [path.join(ROOT, entry)] });
  return out.outputFiles[0].text;
}

/** The carousel script's minified code and its gzip size in bytes (issue 15). */
export async function buildCarouselCode() {
  const code = await bundle('embed/carousel/index.ts');
  return { code, gzipBytes: gzipSync(code, { level: 9 }).length };
}

/** The loader's minified code and its gzip size in bytes. */
export async function buildLoaderCode() {
  const code = await bundle('embed/loader/loader.ts');
  return { code, gzipBytes: gzipSync(code, { level: 9 }).length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outDir = path.join(ROOT, 'dist', 'embed');
  mkdirSync(outDir, { recursive: true });
  const { code, gzipBytes } = await buildLoaderCode();
  writeFileSync(path.join(outDir, 'loader.js'), code);
  writeFileSync(path.join(outDir, 'widget-preview.js'), await bundle('embed/loader/preview.ts'));
  console.log(`dist/embed/loader.js ${code.length} B, ${gzipBytes} B gzip (budget 2048)`);
  const carousel = await buildCarouselCode();
  writeFileSync(path.join(outDir, 'carousel.js'), carousel.code);
  writeFileSync(path.join(outDir, 'carousel-preview.js'), await bundle('embed/carousel/preview.ts'));
  console.log(`dist/embed/carousel.js ${carousel.code.length} B, ${carousel.gzipBytes} B gzip (budget 6144)`);
}
