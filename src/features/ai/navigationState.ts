/**
 * Navigation state the vidbot list's create dialog hands to the AI wizards (spec 001 §2: "/vidbots/gen-ai
 * receives the form data and genAIType in navigation state"; the dialog's privacy is Private when
 * created from the AI page). Opening a wizard without it (a typed URL, a reload) still works: the
 * wizard asks for the name itself.
 */
export interface AiCreateState {
  name: string;
  privacy: 'Public' | 'Private';
  genAIType: 'url' | 'prompt';
}

declare module '@tanstack/react-router' {
  interface HistoryState {
    aiCreate?: AiCreateState;
  }
}
