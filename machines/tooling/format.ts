/**
 * How model-based paths are printed (issue 14 "Paths": "Markdown is readable by a tester; JSON is
 * what the e2e suite consumes"). Used by `npm run paths` (machines/tooling/cli/paths.ts).
 *
 * - Markdown: per path a heading with its title and id, the input it starts from, then numbered
 *   steps "Send `session.signIn` with {email: "a@example.com"} → now in `signingIn`".
 * - JSON: `{ machine, strategy, paths: MachinePath[] }` with every event made JSON-safe by
 *   `plainEvent` (Errors as `{ name, message }`, Files as `{ blob, name, size, type }`).
 *
 * Pure; deterministic for the same paths.
 */
import type { EventObject } from 'xstate';
import { plainEvent, type MachinePath, type PathStrategy } from './paths';

/** Longest payload shown in a Markdown step; longer ones end in `…` (the JSON has them whole). */
export const MAX_PAYLOAD_CHARS = 200;

/** Generator descriptions longer than this (xstate/graph spells out every event) are left out of the Markdown. */
export const MAX_DESCRIPTION_CHARS = 160;

/** What `npm run paths -- … --format json` prints. */
export interface PathsDocument {
  machine: string;
  strategy: PathStrategy;
  /** For `--bot`: the published vidbot the paths were compiled from. */
  bot?: { publicId: string; name: string; revisionId: number | null };
  paths: MachinePath[];
}

/** A compact, readable form of a JSON-safe value: `{email: "a@b", tries: 2, file: {name: "a.mp4"}}`. */
export function compactValue(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(compactValue).join(', ')}]`;
  if (value && typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>).map(([k, v]) => `${/^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k)}: ${compactValue(v)}`);
    return `{${parts.join(', ')}}`;
  }
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/** The payload of an event (everything but `type`), compact; '' when it has none. */
export function eventPayload(event: EventObject): string {
  const { type: _type, ...rest } = plainEvent(event) as EventObject & Record<string, unknown>;
  if (Object.keys(rest).length === 0) return '';
  const text = compactValue(rest);
  return text.length > MAX_PAYLOAD_CHARS ? `${text.slice(0, MAX_PAYLOAD_CHARS - 1)}…` : text;
}

/** One step as a tester reads it. */
export function stepLine(event: EventObject, state: string): string {
  const payload = eventPayload(event);
  return `Send \`${event.type}\`${payload ? ` with ${payload}` : ''} → now in \`${state}\``;
}

/** The JSON document (plain events). */
export function pathsDocument(machine: string, strategy: PathStrategy, paths: readonly MachinePath[], bot?: PathsDocument['bot']): PathsDocument {
  return {
    machine,
    strategy,
    ...(bot ? { bot } : {}),
    paths: paths.map((p) => ({ ...p, steps: p.steps.map((s) => ({ ...s, event: plainEvent(s.event) })) })),
  };
}

/** The Markdown test script. */
export function pathsMarkdown(machine: string, strategy: PathStrategy, paths: readonly MachinePath[], heading?: string): string {
  const out: string[] = [];
  out.push(`# ${heading ?? `Paths of \`${machine}\``} (${strategy})`, '');
  out.push(
    `${paths.length} path${paths.length === 1 ? '' : 's'}. Each starts where the workflow starts for its input; do the steps in order and check the state after each one.`,
  );
  paths.forEach((p, index) => {
    out.push('', `## ${index + 1}. ${p.title}`, '');
    const about = p.description.length <= MAX_DESCRIPTION_CHARS ? `: ${p.description}` : '';
    out.push(`Id \`${p.id}\` · input \`${p.inputName}\` · ${p.strategy}${about}`, '');
    out.push(`Starts in \`${p.start.state}\`.`);
    if (p.steps.length) {
      out.push('');
      p.steps.forEach((s, i) => out.push(`${i + 1}. ${stepLine(s.event, s.state)}`));
    }
  });
  return `${out.join('\n')}\n`;
}
