/**
 * Search parameters of `/dashboard/machines/$name` (issue 14 "Diagrams"): the selected state
 * (`?state=<chart state id>`) or transition (`?transition=<ChartTransition.id>`), so a selection is
 * a link a product owner can share. Unknown ids select nothing (the page ignores them).
 */
import * as v from 'valibot';

export const machineSearchSchema = v.object({
  state: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(500))), undefined),
  transition: v.fallback(v.optional(v.pipe(v.string(), v.maxLength(1000))), undefined),
});

export type MachineSearch = v.InferOutput<typeof machineSearchSchema>;

/** A catalog name (`docs/machines/<name>.json`): letters, digits, `-` and `_`, starting with a letter. */
export const MACHINE_NAME = /^[A-Za-z][\w-]{0,63}$/;
