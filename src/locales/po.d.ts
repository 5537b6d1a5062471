/** Lingui's Vite plugin compiles imported .po catalogs to `{ messages }`. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
