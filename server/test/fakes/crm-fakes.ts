/**
 * Starts the local CRM fakes together (issue 15) and answers the environment that points the
 * server at them — used by the server tests and by e2e/server.mjs, so an e2e run and a manual
 * `node e2e/server.mjs` have working CRMs. Each fake is a small node:http server following its
 * vendor's documented API (server/test/fakes/crm-<type>.ts).
 *
 * Adding a CRM (Pipedrive, Salesforce): write `crm-<type>.ts` exporting `startFake<Type>()` that
 * answers `{ url, state, env, close }`, then add it to `FAKE_STARTERS` below; its `env` is merged.
 */
import { startFakeHubspot, type FakeHubspot } from './crm-hubspot';
import { startFakeLinear, type FakeLinear } from './crm-linear';
import { startFakePipedrive } from './crm-pipedrive';
import { startFakeSalesforce } from './crm-salesforce';

/** What every CRM fake answers. */
export interface CrmFake {
  url: string;
  env: Record<string, string>;
  close(): Promise<void>;
}

export interface CrmFakes {
  hubspot: FakeHubspot;
  linear: FakeLinear;
  /** Further fakes by CRM type (pipedrive, salesforce) once they are added to FAKE_STARTERS. */
  [type: string]: CrmFake;
}

/** Starters of the fakes by CRM type; each gets `{}` options (any free port). */
const FAKE_STARTERS: Record<string, () => Promise<CrmFake>> = {
  hubspot: () => startFakeHubspot(),
  linear: () => startFakeLinear(),
  pipedrive: () => startFakePipedrive(),
  salesforce: () => startFakeSalesforce(),
};

/**
 * Starts every CRM fake.
 * @returns `env` (all fakes' variables merged: HUBSPOT_*, LINEAR_API_URL, …), the fakes by type, and close().
 */
export async function startCrmFakes(): Promise<{ env: Record<string, string>; fakes: CrmFakes; close(): Promise<void> }> {
  const entries = await Promise.all(Object.entries(FAKE_STARTERS).map(async ([type, start]) => [type, await start()] as const));
  const fakes = Object.fromEntries(entries) as unknown as CrmFakes;
  const env = Object.assign({}, ...entries.map(([, f]) => f.env)) as Record<string, string>;
  return {
    env,
    fakes,
    close: async () => {
      await Promise.all(entries.map(([, f]) => f.close()));
    },
  };
}
