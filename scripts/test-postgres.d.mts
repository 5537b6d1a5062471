/** Types of scripts/test-postgres.mjs (issue 19). See the docstrings there. */
import type { FoundTool } from './toolchain.mjs';
export function startTestPostgres(found: FoundTool): Promise<{ url: string; stop: () => Promise<void> }>;
