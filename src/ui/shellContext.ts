/**
 * Whether a component renders inside the dashboard chrome (AppShell provides `true`). Error pages
 * read it so that a not-found page shown inside a layout's `<Outlet>` draws its message in the
 * existing chrome instead of a second shell or a second `<main>` (issue 10 §2). A module of its own
 * so that the error pages of the entry chunk do not pull in the chrome.
 */
import { createContext, useContext } from 'react';

/** True inside AppShell / PlainShell. */
export const InShellContext = createContext(false);

/** True when rendered inside the dashboard chrome. */
export function useInShell(): boolean {
  return useContext(InShellContext);
}
