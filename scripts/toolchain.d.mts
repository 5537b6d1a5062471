/** Types of scripts/toolchain.mjs (issue 19; issue 10 §1). See the docstrings there. */
export type ToolName = 'ffmpeg' | 'ffprobe' | 'chromium' | 'postgresql';
export type ToolSource = 'setting' | 'system' | 'npm' | 'none';
/** One tool as found: where from, its executable (or bin folder / URL), version, and why not when `ok` is false. */
export interface FoundTool {
  tool: ToolName;
  source: ToolSource;
  ok: boolean;
  path?: string;
  version?: string;
  /** npm package it came from. */
  pkg?: string;
  /** e.g. 'FFMPEG_PATH', 'no system chromium', 'system skipped: VIDBOT_TOOLS=npm'. */
  note?: string;
  /** Set when `ok` is false: what failed and what to do. */
  problem?: string;
  /** Environment variables the tool's process needs (Chromium from npm). */
  env?: Record<string, string>;
  /** PostgreSQL: TEST_DATABASE_URL. */
  url?: string;
  /** PostgreSQL: folder with initdb, pg_ctl, postgres. */
  binDir?: string;
}
export interface MediaTools {
  ffmpeg: FoundTool;
  ffprobe: FoundTool;
  video: boolean;
  message?: string;
}
type EnvRecord = Record<string, string | undefined>;
export function systemToolsSkipped(env?: EnvRecord): boolean;
export function findFfTool(tool: 'ffmpeg' | 'ffprobe', env?: EnvRecord): FoundTool;
export const FFMPEG_INSTALL_HINT: string;
export function findMediaTools(env?: EnvRecord): MediaTools;
export function findChromium(env?: EnvRecord): Promise<FoundTool>;
export function findPostgres(env?: EnvRecord): FoundTool;
export function describeTool(t: FoundTool): string;
