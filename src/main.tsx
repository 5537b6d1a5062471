/**
 * SPA entry: loads the runtime config (GET /api/config) and the stored locale's catalog, hands the
 * identity settings to identity.ts (aws-amplify itself is imported when first needed), starts the
 * session machine, renders the router inside the Lingui and React Query providers, and after the
 * first paint starts Sentry when a DSN is configured (lazily imported; issue 10 §2).
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nProvider } from '@lingui/react';
import { setIdTokenProvider } from './api/client';
import { typedApi } from './api/contract';
import { createQueryClient } from './api/queryClient';
import { configOptions } from './api/queries';
import type { RuntimeConfig } from './api/types';
import { activateLocale, getStoredLocale, i18n } from './i18n';
import { getIdToken, initIdentity } from './features/session/identity';
import { startAmplifySession, type SessionHandle } from './features/session/session';
import { createQueryErrorHandlers } from './features/session/queryErrors';
import { createAppRouter, type AppRouter } from './router';
import { CrashBoundary } from './ui/CrashFallback';
import './styles.css';

async function boot(): Promise<void> {
  const rootElement = document.getElementById('root');
  if (!rootElement) throw new Error('index.html has no #root element');

  let router: AppRouter | undefined;
  let session: SessionHandle | undefined;
  const queryClient = createQueryClient(
    createQueryErrorHandlers({
      navigate: (to) => void router?.navigate({ to }),
      getSession: () => session,
      getQueryClient: () => queryClient,
    }),
  );

  const [config] = await Promise.all([
    queryClient.fetchQuery({ ...configOptions(), queryFn: () => typedApi.get('/config') }),
    activateLocale(getStoredLocale()),
  ]);

  initIdentity(config, window.location.origin);
  setIdTokenProvider(getIdToken);
  session = startAmplifySession();
  router = createAppRouter({ queryClient, session });

  createRoot(rootElement).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <CrashBoundary>
            <RouterProvider router={router} />
          </CrashBoundary>
        </QueryClientProvider>
      </I18nProvider>
    </StrictMode>,
  );

  // Sentry (only with a DSN) after the first paint (issue 10 §2): off the first route's critical path.
  const dsn = config.sentryDsn;
  if (dsn) afterFirstPaint(() => void import('./ui/sentry').then((m) => m.startSentry(dsn)));
}

/** Runs `task` once the browser has painted the next frame (at once-ish when the page is hidden). */
function afterFirstPaint(task: () => void): void {
  if (typeof requestAnimationFrame !== 'function' || document.visibilityState === 'hidden') setTimeout(task, 0);
  else requestAnimationFrame(() => setTimeout(task, 0));
}

void boot().catch((error: unknown) => {
  // Before React and the catalogs exist there is no translated UI: show a plain, accessible notice.
  const root = document.getElementById('root');
  if (root) {
    root.innerHTML = '';
    const main = document.createElement('main');
    main.className = 'error-page';
    const h1 = document.createElement('h1');
    h1.textContent = 'Vidbot could not start';
    const p = document.createElement('p');
    p.setAttribute('role', 'alert');
    p.textContent = error instanceof Error ? error.message : String(error);
    main.append(h1, p);
    root.append(main);
  }
  console.error(error);
});
