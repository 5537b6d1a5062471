/**
 * The SPA's Lingui texts for the field messages of the content schemas
 * (server/src/modules/bot/content.rules.ts, spec 001 §5). The schemas carry the server's English
 * 422 messages; the action editors validate with the same schemas and show these translations.
 * A message without an entry here (none is expected from the action editors) is shown as the
 * server wrote it.
 */
import { t } from '@lingui/core/macro';

/** The translated text of a content-schema message (spec 001 §5). */
export function ruleMessage(message: string): string {
  const max = /^Must be at most (\d+) characters\.$/.exec(message);
  if (max) {
    const count = max[1] ?? '';
    return t`Must be at most ${count} characters.`;
  }
  switch (message) {
    case 'Name is required.':
      return t`Name is required.`;
    case 'Description is required.':
      return t`Description is required.`;
    case 'Subject is required.':
      return t`Subject is required.`;
    case 'Value is required.':
      return t`Value is required.`;
    case 'Label is required.':
      return t`Label is required.`;
    case 'Field name is required.':
      return t`Field key is required.`;
    case 'Option label is required.':
      return t`Option label is required.`;
    case 'Email is required.':
      return t`Email is required.`;
    case 'Must be an email address.':
      return t`Must be an email address.`;
    case 'The privacy policy URL is required.':
      return t`The privacy policy URL is required.`;
    case 'Must be a full http:// or https:// URL.':
      return t`Must be a full http:// or https:// URL.`;
    case 'Choose the slide to go to.':
      return t`Choose the slide to go to.`;
    case 'Link type is required.':
      return t`Link type is required.`;
    case 'How the link opens is required.':
      return t`How the link opens is required.`;
    case 'URL is required.':
      return t`URL is required.`;
    case 'Script links (javascript:) are not allowed.':
      return t`Script links (javascript:) are not allowed.`;
    case 'Must start with tel: followed by a phone number (digits, spaces, +, brackets, hyphens).':
      return t`Must start with tel: followed by a phone number (digits, spaces, +, brackets, hyphens).`;
    case 'Must start with mailto: followed by an email address.':
      return t`Must start with mailto: followed by an email address.`;
    case 'Must be a deep link with a scheme, such as myapp://path.':
      return t`Must be a deep link with a scheme, such as myapp://path.`;
    case 'Must be a path starting with /.':
      return t`Must be a path starting with /.`;
    case 'Choose the Pipedrive title field.':
      return t`Choose the Pipedrive title field.`;
    case 'The Salesforce status is required.':
      return t`The Salesforce status is required.`;
    case 'personId must be a whole number.':
    case 'personId must be a positive whole number.':
      return t`The person ID must be a positive whole number.`;
    case 'Choose the media to share.':
      return t`Choose the media to share.`;
    case 'A radio button needs at least one option.':
      return t`A radio button needs at least one option.`;
    case 'At most 50 options.':
      return t`At most 50 options.`;
    case 'At most 50 fields.':
      return t`At most 50 fields.`;
    default:
      return message;
  }
}
