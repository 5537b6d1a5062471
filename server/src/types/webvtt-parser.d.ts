/**
 * Types of the parts of `webvtt-parser` 2.2 (W3C's WebVTT parser and validator, CommonJS, no bundled
 * types) that server/src/media/vtt.ts uses.
 */
declare module 'webvtt-parser' {
  /** A parse error: message and 1-based line (and column when known). */
  export interface WebVTTParseError {
    message: string;
    line: number;
    col?: number;
  }
  export interface WebVTTCue {
    id: string;
    /** Seconds. */
    startTime: number;
    /** Seconds. */
    endTime: number;
    text: string;
  }
  export interface WebVTTParseResult {
    cues: WebVTTCue[];
    errors: WebVTTParseError[];
    time: number;
  }
  export class WebVTTParser {
    /** `mode` 'metadata' skips parsing cue text into a DOM-like tree. */
    parse(input: string, mode?: 'metadata' | 'chapters'): WebVTTParseResult;
  }
  const pkg: { WebVTTParser: typeof WebVTTParser };
  export default pkg;
}
