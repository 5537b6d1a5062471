/**
 * The embedded extractive AI generator (issue 16; server/src/modules/ai/ai.extractive.ts), in process,
 * no fetching: how long the analysis of the bakery fixture (hand-built capture, server/test/ai-bakery.ts),
 * a script of each tone and a prompt script take. The first analysis loads the part-of-speech lexicon
 * (reported apart); then median and max of `runs` calls, ms.
 * Alone: `npx tsx bench/ai-generator.ts`.
 */
import { createExtractiveGenerator } from '../server/src/modules/ai/ai.extractive';
import { AI_TONES } from '../server/src/modules/ai/ai.schemas';
import { bakeryCapture } from '../server/test/ai-bakery';

async function measure(runs: number, fn: () => Promise<unknown>): Promise<{ median: number; max: number }> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    await fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(times.length / 2)]!, max: times.at(-1)! };
}

export async function benchAiGenerator(log: (s: string) => void): Promise<void> {
  const generator = createExtractiveGenerator();
  const status = async () => {};
  const signal = () => new AbortController().signal;
  const site = bakeryCapture();
  log('## AI: the embedded extractive generator (in process, bakery fixture, no fetching)\n');
  const t0 = performance.now();
  const analysis = await generator.analyze({ site, scriptType: 'website', language: 'en' }, status, signal());
  log(`First analysis (loads the part-of-speech lexicon): ${(performance.now() - t0).toFixed(1)} ms\n`);
  log('| step | runs | median ms | max ms |\n|---|---:|---:|---:|');
  const row = (name: string, runs: number, r: { median: number; max: number }) => log(`| ${name} | ${runs} | ${r.median.toFixed(2)} | ${r.max.toFixed(2)} |`);
  row('analyze (en)', 20, await measure(20, () => generator.analyze({ site, scriptType: 'website', language: 'en' }, status, signal())));
  row('analyze (fi)', 20, await measure(20, () => generator.analyze({ site, scriptType: 'website', language: 'fi' }, status, signal())));
  let tone = 0;
  row('script (each tone in turn)', 100, await measure(100, () =>
    generator.script(
      { sourceInfo: analysis.sourceInfo, details: analysis.scripts[0]!, navigation: analysis.navigation, scriptType: 'website', tone: AI_TONES[tone++ % AI_TONES.length]!, language: 'en' },
      status,
      signal(),
    ),
  ));
  const prompt = 'A welcome video for our dental clinic in Tampere. Explain our check-ups and teeth whitening. Tell about emergency care on weekends. Invite people to book an appointment.';
  row('prompt script', 50, await measure(50, () => generator.fromPrompt({ prompt, tone: 'persuasive', language: 'en', botName: 'Smile Clinic' }, status, signal())));
  log('');
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await benchAiGenerator((s) => console.log(s));
}
