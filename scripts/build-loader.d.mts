/** Types of scripts/build-loader.mjs. */
export function buildLoaderCode(): Promise<{ code: string; gzipBytes: number }>;
/** The carousel script's minified code and its gzip size (issue 15). */
export function buildCarouselCode(): Promise<{ code: string; gzipBytes: number }>;
