/**
 * URL form of the repeatable query params of spec 002 §2 (issue 13 "Staff"): `business_type`,
 * `use_case` (admin analytics) and `account_ids` (billing) are written as repeated keys
 * (`?use_case=Sales&use_case=Support`), as the spec names them, instead of the router's default JSON
 * array (`?use_case=%5B%22Sales%22%5D`). Every other param keeps the router's default form
 * (e.g. the vidbot list's `tag_ids`). Reading needs nothing special: the router's default
 * `parseSearch` decodes repeated keys as an array, and one value as that value (each route's schema
 * accepts both; adminSearch.ts).
 *
 * Used as the router's `stringifySearch` (src/router.tsx).
 */
import { defaultStringifySearch } from '@tanstack/react-router';

/** The params of spec 002 §2 marked "(repeatable)". */
export const REPEATED_SEARCH_KEYS: ReadonlySet<string> = new Set(['business_type', 'use_case', 'account_ids']);

/** `search` → `?…`: arrays of the repeatable params as repeated keys (empty array = absent), the rest as the router's default. */
export function stringifySearch(search: Record<string, unknown>): string {
  const rest: Record<string, unknown> = {};
  const repeated: Array<[string, unknown[]]> = [];
  for (const [key, value] of Object.entries(search)) {
    if (REPEATED_SEARCH_KEYS.has(key) && Array.isArray(value) && value.every((x) => typeof x === 'string' || typeof x === 'number')) repeated.push([key, value]);
    else rest[key] = value;
  }
  if (repeated.length === 0) return defaultStringifySearch(rest);
  const params = new URLSearchParams(defaultStringifySearch(rest));
  for (const [key, values] of repeated) for (const value of values) params.append(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
}
