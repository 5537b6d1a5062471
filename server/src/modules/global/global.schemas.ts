/** Answer of `GET /global` (spec 000 §7 "Global and users"; issue 10 §4 contract). */
import * as v from 'valibot';
import { FLAG_NAMES, LANGUAGES, MEDIA_KINDS, ROLE_NAMES, STAFF_ROLE_NAMES } from './global.service';

/**
 * The enumerations the SPA needs before anything else loads (spec 000 §4 "Loading gates") and the
 * server version (package.json). The same for every caller.
 */
export const Global = v.pipe(
  v.strictObject({
    languages: v.array(v.picklist(LANGUAGES)),
    roles: v.array(v.picklist(ROLE_NAMES)),
    staffRoles: v.array(v.picklist(STAFF_ROLE_NAMES)),
    mediaKinds: v.array(v.picklist(MEDIA_KINDS)),
    flagNames: v.array(v.picklist(FLAG_NAMES)),
    version: v.string(),
  }),
  v.metadata({ ref: 'Global' }),
);
export type Global = v.InferOutput<typeof Global>;
