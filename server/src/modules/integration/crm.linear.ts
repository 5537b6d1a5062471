/**
 * Linear adapter (issue 15 "Integrations": Linear, API key, @linear/sdk; spec 001 §4 form
 * integrations: a form submission becomes a Linear issue).
 *
 * - Connect: a personal API key (Linear → Settings → Security & access → Personal API keys), sent as
 *   `Authorization: <key>` to `LINEAR_API_URL` (GraphQL). `viewer` names the connected user; the
 *   issues go to the workspace's first team (`teams(first: 50)`, by name), kept in the connection's
 *   details (`teamId`, `teamName`, `teamKey`) so a later change of the team list does not move them.
 * - Deliver: `createIssue({ teamId, title, description })` — title "<first name> <last name> (<e-mail>)
 *   — <form name>" (or the vidbot's name when there is no name), description a Markdown list of every
 *   answer, then the vidbot, the form and the time. The external id is the issue's id.
 * Errors: Linear's authentication / forbidden errors → CrmAuthError; invalid input / user errors →
 * CrmRejectedError; anything else (network, 5xx, rate limit) is temporary.
 */
import { LinearClient, LinearError, LinearErrorType } from '@linear/sdk';
import { CrmAuthError, CrmRejectedError, type CrmAdapter, type CrmEnv, type CrmLead } from './crm.types';

const client = (env: CrmEnv, apiKey: string) => new LinearClient({ apiKey, apiUrl: env.linearApiUrl });

function classify(err: unknown, what: string): Error {
  const message = `Linear ${what}: ${(err instanceof Error ? err.message : String(err)).slice(0, 500)}`;
  if (err instanceof LinearError) {
    if (err.type === LinearErrorType.AuthenticationError || err.type === LinearErrorType.Forbidden) return new CrmAuthError(message);
    if (err.type === LinearErrorType.InvalidInput || err.type === LinearErrorType.UserError || err.type === LinearErrorType.GraphqlError) {
      return new CrmRejectedError(message);
    }
  }
  return new Error(message);
}

/** The issue's title (at most 255 characters). */
export function linearIssueTitle(lead: CrmLead): string {
  const text = (k: string) => (typeof lead.values[k] === 'string' ? (lead.values[k] as string) : '');
  const name = [text('first-name'), text('last-name')].filter(Boolean).join(' ');
  const email = text('email');
  const who = name && email ? `${name} (${email})` : name || email || lead.botName;
  return `${who} — ${lead.formName}`.slice(0, 255);
}

/** The issue's Markdown description: each answer as a list item, then where it came from. */
export function linearIssueDescription(lead: CrmLead): string {
  const md = (s: string) => s.replace(/([\\`*_[\]<>#])/g, '\\$1').replace(/\r?\n/g, ' ');
  const answers = Object.entries(lead.values).map(([k, v]) => `- **${md(k)}**: ${typeof v === 'boolean' ? (v ? 'yes' : 'no') : md(v)}`);
  return [...answers, '', `Vidbot: ${md(lead.botName)}`, `Form: ${md(lead.formName)}`, `Submitted: ${lead.createdAt}`, `Submission: ${lead.submissionId}`].join('\n');
}

export const linearAdapter: CrmAdapter = {
  type: 'linear',
  auth: 'apiKey',
  configured: () => true,
  async verifyApiKey(env, apiKey) {
    const linear = client(env, apiKey);
    try {
      const viewer = await linear.viewer;
      const teams = (await linear.teams({ first: 50 })).nodes.slice().sort((a, b) => a.name.localeCompare(b.name));
      const team = teams[0];
      if (!team) throw new CrmRejectedError('Linear: the workspace has no team to create issues in.');
      return {
        secret: { apiKey },
        user: viewer.displayName || viewer.name || viewer.email || null,
        details: { teamId: team.id, teamName: team.name, teamKey: team.key },
      };
    } catch (err) {
      if (err instanceof CrmRejectedError) throw err;
      throw classify(err, 'sign-in');
    }
  },
  async deliver(env, { secret, connection, lead }) {
    if (!secret.apiKey) throw new CrmAuthError('Linear: the connection has no API key; connect again.');
    const teamId = connection.details.teamId;
    if (!teamId) throw new CrmAuthError('Linear: the connection has no team; connect again.');
    try {
      const payload = await client(env, secret.apiKey).createIssue({ teamId, title: linearIssueTitle(lead), description: linearIssueDescription(lead) });
      const id = payload.issueId;
      if (!payload.success || !id) throw new CrmRejectedError('Linear did not create the issue.');
      return { externalId: id };
    } catch (err) {
      if (err instanceof CrmRejectedError) throw err;
      throw classify(err, 'issue');
    }
  },
};
