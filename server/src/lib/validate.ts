/**
 * valibot request validation for Hono routes (principle 4): every body and query is parsed with a
 * schema; a failure answers 422 `{ detail, code:'validation_error', errors: { field: message } }`.
 * The middleware is hono-openapi's `validator`, so the schema also describes the request in
 * `GET /api/openapi.json` (issue 10 §4, lib/contract.ts).
 */
import { validator } from 'hono-openapi';
import type { ValidationTargets } from 'hono';
import * as v from 'valibot';
import { unprocessable } from './errors';

/** Flattens valibot issues into `{ 'a.b': 'message' }`; the root key is `_`. */
export function issuesToFields(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path?.map((p) => String(p.key)).join('.') || '_';
    if (key in out) continue;
    // valibot reports a missing key as "Invalid key: Expected \"x\" but received undefined".
    const last = issue.path?.at(-1)?.key;
    out[key] = issue.received === 'undefined' && last !== undefined ? `${String(last)} is required.` : issue.message;
  }
  return out;
}

/** Options of @valibot/to-json-schema for request schemas: the input side of a pipeline. */
export const REQUEST_SCHEMA_OPTIONS = { options: { typeMode: 'input' } } as never;

/** `validate('json', Schema)` — Hono middleware; read the parsed value with `c.req.valid('json')`. */
export function validate<T extends v.GenericSchema, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return validator(
    target,
    schema,
    (result) => {
      if (!result.success) throw unprocessable('Validation failed.', issuesToFields(result.error as readonly v.BaseIssue<unknown>[]));
    },
    // The document describes what the client sends (query values are strings before their transforms).
    REQUEST_SCHEMA_OPTIONS,
  );
}

/** Parses `value` with `schema` or throws 422 with field messages. */
export function parseOr422<T extends v.GenericSchema>(schema: T, value: unknown): v.InferOutput<T> {
  const r = v.safeParse(schema, value);
  if (!r.success) throw unprocessable('Validation failed.', issuesToFields(r.issues));
  return r.output;
}
