/**
 * The draft of one action editor (spec 001 §2 action editors, §4 "Editor saves", §5): the values,
 * which fields were touched, the field messages of the content schema the server applies
 * (content.rules.ts, translated by ruleMessage), dirty (differs from the starting values, compared
 * as JSON) and valid (the schema accepts it; its output is what Save stores).
 */
import { useCallback, useMemo, useState } from 'react';
import type * as v from 'valibot';
import { sameJson } from '../../../../server/src/modules/bot/content.rules';
import { checkWith, setAt } from './actionEditors.logic';
import { ruleMessage } from './ruleMessages';

export interface ActionDraft<T, O> {
  values: T;
  /** Sets the value at a dotted path and marks it touched. */
  set(path: string, value: unknown): void;
  /** Replaces the whole draft (e.g. enabling an integration changes a block and the fields). */
  replace(next: T): void;
  /** Marks a path touched (on blur) so its message shows. */
  touch(path: string): void;
  /** The translated message of a path once touched (or after a save attempt), else undefined. */
  error(path: string): string | undefined;
  /** Every message whose path starts with `prefix` (touched or not), translated. */
  issuesUnder(prefix: string): string[];
  dirty: boolean;
  valid: boolean;
  /** The schema's output of the current values (undefined while invalid). */
  output: O | undefined;
  /** Shows every message (after a refused save). */
  showAll(): void;
}

/** The draft hook; `schema` is one of the content.rules action schemas. */
export function useActionDraft<T, S extends v.GenericSchema>(initial: T, schema: S): ActionDraft<T, v.InferOutput<S>> {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set());
  const [all, setAll] = useState(false);
  const checked = useMemo(() => checkWith(schema, values), [schema, values]);
  const dirty = useMemo(() => !sameJson(values, initial), [values, initial]);
  const issues = checked.issues ?? {};

  const touch = useCallback((path: string) => setTouched((prev) => (prev.has(path) ? prev : new Set(prev).add(path))), []);
  return {
    values,
    set: (path, value) => {
      setValues((prev) => setAt(prev, path, value));
      touch(path);
    },
    replace: setValues,
    touch,
    error: (path) => (issues[path] !== undefined && (all || touched.has(path)) ? ruleMessage(issues[path]) : undefined),
    issuesUnder: (prefix) => Object.entries(issues).filter(([p]) => p === prefix || p.startsWith(`${prefix}.`)).map(([, m]) => ruleMessage(m)),
    dirty,
    valid: checked.issues === undefined,
    output: checked.output,
    showAll: () => setAll(true),
  };
}
