/** Names of the form integrations (spec 001 §2 "Form editor" integration blocks): product names, not translated. */
import type { FormIntegration } from '../../../../server/src/modules/bot/content.rules';

export const INTEGRATION_NAMES: Record<FormIntegration, string> = { hubspot: 'HubSpot', linear: 'Linear', pipedrive: 'Pipedrive', salesforce: 'Salesforce' };
