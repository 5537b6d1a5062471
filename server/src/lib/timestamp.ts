/** An ISO 8601 timestamp string as the API answers it (`2026-11-26T10:00:00.000Z`); re-exported by lib/contract.ts. */
import * as v from 'valibot';

export const Timestamp = v.pipe(v.string(), v.isoTimestamp());
