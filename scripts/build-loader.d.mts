/** Types of scripts/build-loader.mjs. */
export function buildLoaderCode(): Promise<{ code: string; gzipBytes: number }>;
