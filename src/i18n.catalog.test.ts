/**
 * The Finnish catalog is complete (spec 000 §9: the UI is in en and fi; DESIGN §5 Lingui rules): every
 * message of the English source catalog has a non-empty Finnish translation that keeps the same
 * placeholders. Parsed with Lingui's own PO formatter.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatter } from '@lingui/format-po';

type Catalog = Record<string, { message?: string; translation?: string }>;

async function load(locale: 'en' | 'fi'): Promise<Catalog> {
  const file = path.resolve(import.meta.dirname, `locales/${locale}/messages.po`);
  const parsed = await formatter().parse(readFileSync(file, 'utf8'), { locale, sourceLocale: 'en', filename: file });
  return parsed as Catalog;
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('Finnish catalog', () => {
  it('translates every English message, keeping its placeholders', async () => {
    const [en, fi] = await Promise.all([load('en'), load('fi')]);
    const ids = Object.keys(en);
    expect(ids.length).toBeGreaterThan(100);
    const missing = ids.filter((id) => !fi[id]?.translation?.trim());
    expect(missing.map((id) => en[id]?.message ?? id)).toEqual([]);
    const mismatched = ids.filter((id) => placeholders(en[id]?.message ?? '').join() !== placeholders(fi[id]?.translation ?? '').join());
    expect(mismatched.map((id) => `${en[id]?.message} ≠ ${fi[id]?.translation}`)).toEqual([]);
  });
});
