/**
 * Query of the preview screen (spec 000 §2, 002 §2): `preview`, `embed` (flags that mark an embedded
 * preview; either one skips the login-dependent loading gates — this route has none) and `slide_id`
 * (start slide). Tolerant: a value that does not parse is dropped instead of failing the page.
 */
import * as v from 'valibot';

const flag = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.boolean(), v.string(), v.number()]),
      v.transform((value) => value === true || value === 'true' || value === 1 || value === '1' || value === ''),
    ),
  ),
  undefined,
);

const slideId = v.fallback(
  v.optional(
    v.pipe(
      v.union([v.number(), v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number))]),
      v.integer(),
      v.minValue(1),
    ),
  ),
  undefined,
);

/** `?preview=true&embed=true&slide_id=3` → `{ preview: true, embed: true, slide_id: 3 }`. */
export const previewSearchSchema = v.object({
  preview: flag,
  embed: flag,
  slide_id: slideId,
});

/** The parsed preview query. */
export type PreviewSearch = v.InferOutput<typeof previewSearchSchema>;
