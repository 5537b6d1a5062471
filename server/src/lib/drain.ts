/**
 * Graceful stop of the HTTP server (issue 18 "SIGTERM: stop accepting, finish requests in flight";
 * docs/scaling.md "Health checks and graceful shutdown"). `trackRequests` is installed when the server
 * starts; `drain` stops accepting connections, lets requests in flight finish — each answered with
 * `Connection: close` when its headers are still unsent, and every connection closed as soon as it is
 * idle — and after `graceMs` closes the connections still open (a slow tus PATCH then keeps the bytes
 * it stored and resumes on another node or after the restart).
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

export interface HttpDrain {
  /** Requests whose answer has not finished yet. */
  inFlight(): number;
  /**
   * Stops accepting and waits for the requests in flight, at most `graceMs` ms; then closes every
   * connection still open.
   * @returns how many requests were still in flight when the grace ended (0 = all finished).
   */
  drain(graceMs: number): Promise<{ cut: number }>;
}

/** Starts counting the requests of `server` (call before it listens). */
export function trackRequests(server: Server): HttpDrain {
  const active = new Set<ServerResponse>();
  let draining = false;
  let onIdle: (() => void) | undefined;

  server.on('request', (_req: IncomingMessage, res: ServerResponse) => {
    active.add(res);
    if (draining && !res.headersSent) res.setHeader('connection', 'close');
    res.once('close', () => {
      active.delete(res);
      if (!draining) return;
      // The connection of a finished answer is idle now (keep-alive): close it.
      setImmediate(() => server.closeIdleConnections());
      if (active.size === 0) onIdle?.();
    });
  });

  return {
    inFlight: () => active.size,
    async drain(graceMs) {
      draining = true;
      for (const res of active) if (!res.headersSent) res.setHeader('connection', 'close');
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const idle = active.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onIdle = resolve));
      let timer: NodeJS.Timeout | undefined;
      const graceOver = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), graceMs)));
      const outcome = await Promise.race([idle.then(() => 'idle' as const), graceOver]);
      clearTimeout(timer);
      const cut = outcome === 'late' ? active.size : 0;
      // Whatever is left (requests past the grace, connections that never sent a request) goes now.
      server.closeAllConnections();
      await closed;
      return { cut };
    },
  };
}
