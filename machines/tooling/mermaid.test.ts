import { describe, expect, it } from 'vitest';
import { machineCatalog } from '../catalog';
import { describeMachine } from './chart';
import { diagramTestMachine } from './diagram.fixture';
import { mermaidId, mermaidText, strictCommonAncestor, toMermaid } from './mermaid';

const chart = describeMachine(diagramTestMachine);
const text = toMermaid(chart);
const lines = text.trimEnd().split('\n');

/** The statements stateDiagram-v2 accepts that the writer uses (one a line). */
const grammar = [
  /^stateDiagram-v2$/,
  /^ *\[\*\] --> \w+$/,
  /^ *\w+ --> \[\*\]$/,
  /^ *state "[^"#:{}]*(#\d+;[^"#:{}]*)*" as \w+( \{)?$/,
  /^ *\}$/,
  /^ *--$/,
  /^ *\w+ : [^:{}"]+$/,
  /^ *\w+ --> \w+ : [^:{}"]+$/,
  /^ *note right of \w+$/,
  /^ *end note$/,
  /^ {4}[^:{}"]+$/,
];

describe('toMermaid', () => {
  it('writes only statements of the stateDiagram-v2 grammar, with balanced blocks', () => {
    expect(lines[0]).toBe('stateDiagram-v2');
    for (const line of lines) expect(grammar.some((rule) => rule.test(line)), line).toBe(true);
    expect(lines.filter((l) => l.endsWith('{')).length).toBe(lines.filter((l) => /^ *\}$/.test(l)).length);
    let depth = 0;
    for (const line of lines) {
      if (line.endsWith('{')) depth += 1;
      if (/^ *\}$/.test(line)) depth -= 1;
      expect(depth).toBeGreaterThanOrEqual(0);
    }
    expect(text.endsWith('\n')).toBe(true);
  });

  it('declares every state once, with dots in ids turned into underscores', () => {
    for (const state of chart.states) {
      const declared = lines.filter((l) => new RegExp(`^ *state "[^"]*" as ${mermaidId(state.id)}( \\{)?$`).test(l));
      expect(declared, state.id).toHaveLength(1);
    }
    expect(text).toContain('state "playing" as demo_watching_video_playing');
  });

  it('draws the root as a wrapper when it has its own transitions, written outside it', () => {
    expect(lines[1]).toBe('  [*] --> demo');
    expect(lines[2]).toBe('  state "demo" as demo {');
    const closing = lines.lastIndexOf('  }');
    expect(lines.indexOf('  demo --> demo_cancelled : cancel')).toBeGreaterThan(closing);
  });

  it('marks initial children, final states and parallel regions', () => {
    expect(text).toContain('    [*] --> demo_idle\n');
    expect(text).toContain('        [*] --> demo_watching_video_playing\n');
    for (const id of ['demo_done', 'demo_failed', 'demo_cancelled']) expect(text).toContain(`    ${id} --> [*]\n`);
    const video = lines.indexOf('      state "video" as demo_watching_video {');
    const chat = lines.indexOf('      state "chat" as demo_watching_chat {');
    expect(video).toBeGreaterThan(0);
    expect(lines.slice(video, chat)).toContain('      --');
  });

  it('labels guards, delays, done and error, escaping what Mermaid parses', () => {
    expect(text).toContain('    demo_idle --> demo_sending : pick [isStep(step#58; a#123;b#125;#34;c)]\n');
    expect(text).toContain('    demo_idle --> demo_failed : pick\n');
    expect(text).toContain('    demo_waiting --> demo_sending : after 2000 ms\n');
    expect(text).toContain('    demo_sending --> demo_watching : done#58; uploadFile\n');
    expect(text).toContain('    demo_sending --> demo_waiting : error#58; uploadFile [hasRetriesLeft]\n');
    expect(text).toContain('    demo_sending : invoke#58; uploadFile\n');
  });

  it('writes a transition in the block of the deepest state holding both ends', () => {
    const paused = lines.indexOf('        demo_watching_video_playing --> demo_watching_video_paused : pause');
    expect(paused).toBeGreaterThan(lines.indexOf('      state "video" as demo_watching_video {'));
    expect(paused).toBeLessThan(lines.indexOf('      state "chat" as demo_watching_chat {'));
    expect(strictCommonAncestor(chart, ['demo.watching.video.playing', 'demo.watching.video.paused'])).toBe('demo.watching.video');
    expect(strictCommonAncestor(chart, ['demo', 'demo.cancelled'])).toBeNull();
    expect(strictCommonAncestor(chart, ['demo.watching', 'demo.watching.chat.open'])).toBe('demo');
  });

  it('lists a targetless transition in its state instead of drawing a self-loop', () => {
    expect(text).toContain('    demo_sending : on progress / recordProgress\n');
    expect(text).not.toMatch(/demo_sending --> demo_sending/);
  });

  it('is deterministic and escapes every syntax character', () => {
    expect(toMermaid(describeMachine(diagramTestMachine))).toBe(text);
    expect(mermaidText('a: {b}; "c" <d> #e')).toBe('a#58; #123;b#125;#59; #34;c#34; #60;d#62; #35;e');
    expect(mermaidId('end')).toBe('end_');
    expect(mermaidId('a.b-c')).toBe('a_b_c');
  });

  it('uses a note for the targetless transitions of a compound state', () => {
    const compound = describeMachine(diagramTestMachine);
    compound.transitions.push({ ...compound.transitions.find((t) => t.targets.length === 0)!, id: 'demo.watching|progress|0', source: 'demo.watching' });
    const withNote = toMermaid(compound);
    expect(withNote).toContain('  note right of demo_watching\n    on progress / recordProgress\n  end note\n');
  });

  it.each(machineCatalog.map((e) => [e.name, e.machine] as const))('writes %s in the grammar', (_name, machine) => {
    const real = describeMachine(machine);
    const out = toMermaid(real).trimEnd().split('\n');
    for (const line of out) expect(grammar.some((rule) => rule.test(line)), line).toBe(true);
    for (const state of real.states) {
      const declared = out.filter((l) => new RegExp(` as ${mermaidId(state.id)}( \\{)?$`).test(l)).length;
      expect(declared, state.id).toBe(state.parent === null ? declared && 1 : 1);
    }
  });
});
