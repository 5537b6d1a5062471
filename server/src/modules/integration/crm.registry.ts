/**
 * The CRM adapters by integration type (issue 15 "Integrations"; contracts in ./crm.types.ts).
 * Each adapter lives in `crm.<type>.ts` and is registered here; the connection service and the
 * delivery job look adapters up by the type of the URL or of the delivery row. A type without a
 * registered adapter is listed as not configured and cannot be connected.
 */
import type { CrmAdapter, FormIntegration } from './crm.types';
import { hubspotAdapter } from './crm.hubspot';
import { linearAdapter } from './crm.linear';
import { pipedriveAdapter } from './crm.pipedrive';
import { salesforceAdapter } from './crm.salesforce';

const ADAPTERS: Record<FormIntegration, CrmAdapter> = {
  hubspot: hubspotAdapter,
  linear: linearAdapter,
  pipedrive: pipedriveAdapter,
  salesforce: salesforceAdapter,
};

/** The adapter of `type`, or undefined when this server has none. */
export function crmAdapter(type: FormIntegration): CrmAdapter | undefined {
  return ADAPTERS[type];
}

/** Human name of a CRM for messages ('HubSpot', 'Linear', 'Pipedrive', 'Salesforce'). */
export const CRM_NAMES: Record<FormIntegration, string> = {
  hubspot: 'HubSpot',
  linear: 'Linear',
  pipedrive: 'Pipedrive',
  salesforce: 'Salesforce',
};
