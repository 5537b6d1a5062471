/**
 * Production stand-in for `@tanstack/devtools-event-client` (vite.config.ts aliases it in `vite
 * build` only; issue 10 §2: no dev-only code on the first route). TanStack Form's FormApi reports
 * form state to the TanStack devtools through an `EventClient`; the product ships no devtools, so
 * in the production bundle every event goes nowhere: `emit` does nothing and `on` / `onAll` /
 * `onAllPluginEvents` never call back and answer a no-op unsubscribe. Same public surface as the
 * package's `EventClient` (plugin.d.ts of @tanstack/devtools-event-client 0.x).
 */
export class EventClient<TEventMap extends Record<string, unknown>> {
  readonly #pluginId: string;

  constructor({ pluginId }: { pluginId: string; debug?: boolean; reconnectEveryMs?: number; enabled?: boolean }) {
    this.#pluginId = pluginId;
  }

  getPluginId(): string {
    return this.#pluginId;
  }

  createEventPayload<TEvent extends keyof TEventMap & string>(eventSuffix: TEvent, payload: TEventMap[TEvent]) {
    return { type: `${this.#pluginId}:${eventSuffix}`, payload, pluginId: this.#pluginId };
  }

  emit<TEvent extends keyof TEventMap & string>(_eventSuffix: TEvent, _payload: TEventMap[TEvent]): void {}

  on(_eventSuffix: string, _cb: (event: unknown) => void, _options?: { withEventTarget?: boolean }): () => void {
    return () => {};
  }

  onAll(_cb: (event: unknown) => void): () => void {
    return () => {};
  }

  onAllPluginEvents(_cb: (event: unknown) => void): () => void {
    return () => {};
  }
}
