/**
 * Types of `stopword` (it ships none): the stopword lists used by the extractive AI generator
 * (server/src/modules/ai/ai.keywords.ts, issue 16), keyed by ISO 639-3 code, and `removeStopwords`.
 */
declare module 'stopword' {
  export function removeStopwords(tokens: string[], stopwords?: string[]): string[];
  export const eng: string[];
  export const fin: string[];
  export const swe: string[];
  export const deu: string[];
  export const fra: string[];
  export const spa: string[];
  export const nld: string[];
  export const est: string[];
  export const dan: string[];
  export const nob: string[];
  export const ita: string[];
  export const por: string[];
}
