/**
 * Generator selection (issue 16 architecture decision 3): `createGenerator(env.ai)` gives the
 * OpenAI-compatible generator (ai.openai.ts) when `OPENAI_BASE_URL` is set — with `OPENAI_API_KEY` and
 * `OPENAI_MODEL` — and the embedded extractive generator (ai.extractive.ts) otherwise. The job runner
 * (ai.job.ts) calls it; `/api/config` and the start banner report `generator.name` / `generator.model`.
 */
import type { AiEnv } from '../../env';
import type { AiGenerator } from './ai.types';
import { createExtractiveGenerator } from './ai.extractive';
import { createOpenAiGenerator } from './ai.openai';

/** The generator configured by `aiEnv` (see the module comment). Never throws. */
export function createGenerator(aiEnv: Pick<AiEnv, 'openaiBaseUrl' | 'openaiApiKey' | 'openaiModel'>): AiGenerator {
  if (aiEnv.openaiBaseUrl) {
    return createOpenAiGenerator({ baseUrl: aiEnv.openaiBaseUrl, apiKey: aiEnv.openaiApiKey, model: aiEnv.openaiModel });
  }
  return createExtractiveGenerator();
}
