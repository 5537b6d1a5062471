/**
 * The AI prompt wizard page, `/dashboard/{account}/vidbots/gen-ai-prompt` (issue 16 "Prompt wizard";
 * spec 001 §2 "AI prompt wizard": single page — generate, edit node text, optionally Improve,
 * Finish; §5 prompt non-empty; §8 messages; §9 polling 3000 ms, tones, languages). A thin binding of
 * machines/aiWizard/promptWizard.machine.ts: the form (prompt, tone, language, vidbot name) lives in
 * @tanstack/react-form and Generate sends its parsed values; the page shows the chart's step through
 * its selectors and only sends events. Progress is the job chart's (`<AiJobProgress>`). Focus
 * follows the work: the script's heading when a script arrives, Retry when something failed, the
 * field a message is about. Leaving the page stops the chart and with it the running job.
 */
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useForm } from '@tanstack/react-form';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  AI_LANGUAGES,
  AI_LIMITS,
  AI_TONES,
  DEFAULT_AI_LANGUAGE,
  DEFAULT_AI_TONE,
  type AiLanguage,
  type AiTone,
  type ScriptNode,
} from '../../../../server/src/modules/ai/ai.schemas';
import type { aiJobMachine } from '../../../../machines/aiJob/aiJob.machine';
import type { PromptWizardFailure } from '../../../../machines/aiWizard/promptWizard.machine';
import { selectCanEditScript, selectFailure, selectIsBusy, selectJob, selectScript, selectStep } from '../../../../machines/aiWizard/promptWizard.selectors';
import { toast } from '../../../ui/toast';
import { inspect } from '../../machines/inspection';
import { vidbotKeys } from '../../vidbots/vidbot.queries';
import { AiJobProgress } from '../AiJobProgress';
import { createPromptWizardMachine } from './promptWizard.actors';
import { aiMessageText, LANGUAGE_WORDS, TONE_WORDS } from '../aiWords';
import './prompt.css';

export interface PromptWizardPageProps {
  accountId: number;
  accountSlug: string;
  /** The name given in the create dialog (navigation state `aiCreate`), if any. */
  initialName?: string;
}

interface FormValues {
  prompt: string;
  tone: AiTone;
  language: AiLanguage;
  botName: string;
}

/** The wizard page. */
export function PromptWizardPage({ accountId, accountSlug, initialName }: PromptWizardPageProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [machine] = useState(() =>
    createPromptWizardMachine({
      created: () => {
        void queryClient.invalidateQueries({ queryKey: vidbotKeys.all });
        toast.success(t`Vidbot created successfully!`);
      },
      open: (mainBotId) => {
        void navigate({ to: '/dashboard/$accountSlug/vidbots/$id', params: { accountSlug, id: String(mainBotId) } });
      },
    }),
  );
  const actor = useActorRef(machine, { input: { accountId, botName: initialName }, inspect });
  const step = useSelector(actor, selectStep);
  const busy = useSelector(actor, selectIsBusy);
  const script = useSelector(actor, selectScript);
  const failure = useSelector(actor, selectFailure);
  const job = useSelector(actor, selectJob);
  const canEdit = useSelector(actor, selectCanEditScript);

  const ids = { title: useId(), prompt: useId(), tone: useId(), language: useId(), name: useId(), script: useId(), feedback: useId() };
  const promptRef = useRef<HTMLTextAreaElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const feedbackRef = useRef<HTMLTextAreaElement>(null);
  const scriptHeadingRef = useRef<HTMLHeadingElement>(null);
  const retryRef = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [feedback, setFeedback] = useState('');

  const form = useForm({
    defaultValues: { prompt: '', tone: DEFAULT_AI_TONE, language: DEFAULT_AI_LANGUAGE, botName: initialName ?? '' } as FormValues,
    onSubmit: ({ value }) => {
      actor.send({ type: 'prompt.generate', prompt: value.prompt, tone: value.tone, language: value.language, botName: value.botName });
    },
  });

  // Focus follows the work (the button pressed is disabled or gone).
  const previousStep = useRef(step);
  useEffect(() => {
    const before = previousStep.current;
    previousStep.current = step;
    if (before === step) return;
    // A finished improvement used the feedback (the chart forgets it); a cancelled one keeps it.
    if (before === 'improving' && step === 'reviewing' && actor.getSnapshot().context.feedback === '') setFeedback('');
    if (step === 'reviewing' && (before === 'generating' || before === 'improving')) scriptHeadingRef.current?.focus();
    else if (step === 'generating' || step === 'improving') cancelRef.current?.focus();
    else if (step === 'generationFailed' || step === 'improvementFailed' || step === 'finishFailed') retryRef.current?.focus();
  }, [step, actor]);
  useEffect(() => {
    if (failure?.kind === 'emptyPrompt') promptRef.current?.focus();
    else if (failure?.kind === 'emptyName') nameRef.current?.focus();
    else if (failure?.kind === 'emptyFeedback') feedbackRef.current?.focus();
  }, [failure]);
  const message = (f: PromptWizardFailure) => aiMessageText(i18n, f.message);
  const fieldError = (kind: PromptWizardFailure['kind'], blank: boolean, text: string) => (failure?.kind === kind && blank ? text : undefined);
  const titles = new Map((script?.nodes ?? []).map((n) => [n.id, n.title]));

  return (
    <section className="page narrow ai-prompt-wizard" aria-labelledby={ids.title}>
      <div className="page-header">
        <h1 id={ids.title}>
          <Trans>Create a vidbot from a prompt</Trans>
        </h1>
        <Link to="/dashboard/$accountSlug/vidbots" params={{ accountSlug }} className="button">
          <Trans>Back to vidbots</Trans>
        </Link>
      </div>
      <p className="muted">
        <Trans>Describe what the video should tell your visitors. A script of a few short videos is written for you; you can edit it before the vidbot is created.</Trans>
      </p>

      <form
        className="card ai-prompt-form"
        noValidate
        aria-label={t`What the video is about`}
        onSubmit={(e) => {
          e.preventDefault();
          void form.handleSubmit();
        }}
      >
        <form.Field name="prompt">
          {(field) => {
            const error = fieldError('emptyPrompt', field.state.value.trim() === '', t`Please enter a prompt`);
            return (
              <div className="field">
                <label htmlFor={ids.prompt}>
                  <Trans>Prompt</Trans>
                  <span aria-hidden="true"> *</span>
                </label>
                <textarea
                  ref={promptRef}
                  id={ids.prompt}
                  name="prompt"
                  rows={5}
                  required
                  maxLength={AI_LIMITS.promptLength}
                  disabled={busy}
                  value={field.state.value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${ids.prompt}-hint${error ? ` ${ids.prompt}-error` : ''}`}
                  onBlur={field.handleBlur}
                  onChange={(e) => field.handleChange(e.target.value)}
                />
                <p id={`${ids.prompt}-hint`} className="muted small field-hint">
                  <Trans>For example: a welcome video for our bakery that presents our breads and our catering, and invites people to order online.</Trans>
                </p>
                {error && (
                  <p id={`${ids.prompt}-error`} className="field-error">
                    {error}
                  </p>
                )}
              </div>
            );
          }}
        </form.Field>
        <div className="ai-prompt-row">
          <form.Field name="tone">
            {(field) => (
              <div className="field">
                <label htmlFor={ids.tone}>
                  <Trans>Tone</Trans>
                </label>
                <select id={ids.tone} value={field.state.value} disabled={busy} onChange={(e) => field.handleChange(e.target.value as AiTone)}>
                  {AI_TONES.map((tone) => (
                    <option key={tone} value={tone}>
                      {i18n._(TONE_WORDS[tone])}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </form.Field>
          <form.Field name="language">
            {(field) => (
              <div className="field">
                <label htmlFor={ids.language}>
                  <Trans>Script language</Trans>
                </label>
                <select id={ids.language} value={field.state.value} disabled={busy} onChange={(e) => field.handleChange(e.target.value as AiLanguage)}>
                  {AI_LANGUAGES.map((language) => (
                    <option key={language} value={language}>
                      {i18n._(LANGUAGE_WORDS[language])}
                    </option>
                  ))}
                </select>
              </div>
            )}
          </form.Field>
        </div>
        <form.Field name="botName">
          {(field) => {
            const error = fieldError('emptyName', field.state.value.trim() === '', t`Name is required.`);
            return (
              <div className="field">
                <label htmlFor={ids.name}>
                  <Trans>Vidbot name</Trans>
                  <span aria-hidden="true"> *</span>
                </label>
                <input
                  ref={nameRef}
                  id={ids.name}
                  name="botName"
                  required
                  maxLength={200}
                  disabled={busy}
                  value={field.state.value}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${ids.name}-error` : undefined}
                  onBlur={field.handleBlur}
                  onChange={(e) => field.handleChange(e.target.value)}
                />
                {error && (
                  <p id={`${ids.name}-error`} className="field-error">
                    {error}
                  </p>
                )}
              </div>
            );
          }}
        </form.Field>
        <div className="actions">
          <button type="submit" className="button primary" disabled={busy || step === 'done'}>
            {script ? <Trans>Generate a new script</Trans> : <Trans>Generate script</Trans>}
          </button>
        </div>
        {failure?.kind === 'nothingToFinish' && (
          <p className="alert alert-error" role="alert">
            {message(failure)}
          </p>
        )}
      </form>

      {job && (step === 'generating' || step === 'improving') && (
        <div className="ai-prompt-job">
          <JobProgress job={job} label={step === 'improving' ? t`Improving the script` : t`Writing the script`} />
          <button ref={cancelRef} type="button" className="button" onClick={() => actor.send({ type: 'prompt.cancel' })}>
            <Trans>Cancel</Trans>
          </button>
        </div>
      )}

      {failure && step === 'generationFailed' && (
        <Failure title={t`Failed to generate script from prompt`} detail={message(failure)}>
          <button ref={retryRef} type="button" className="button primary" onClick={() => actor.send({ type: 'prompt.retry' })}>
            <Trans>Retry</Trans>
          </button>
          {script && (
            <button type="button" className="button" onClick={() => actor.send({ type: 'prompt.dismiss' })}>
              <Trans>Back to the script</Trans>
            </button>
          )}
        </Failure>
      )}

      {script && step !== 'generating' && step !== 'generationFailed' && (
        <section className="ai-prompt-script" aria-labelledby={ids.script}>
          <h2 id={ids.script} ref={scriptHeadingRef} tabIndex={-1}>
            <Trans>Video script</Trans>
          </h2>
          <p className="muted small">
            <Trans>Each part becomes a slide of the vidbot. Edit the texts as you like; the links become buttons.</Trans>
          </p>
          <ol className="ai-script-nodes">
            {script.nodes.map((node) => (
              <NodeCard
                key={node.id}
                node={node}
                titles={titles}
                editable={canEdit}
                onText={(text) => actor.send({ type: 'script.editText', nodeId: node.id, text })}
              />
            ))}
          </ol>

          <form
            className="ai-prompt-improve"
            noValidate
            aria-label={t`Improve the script`}
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'prompt.improve', feedback });
            }}
          >
            <div className="field">
              <label htmlFor={ids.feedback}>
                <Trans>What should change?</Trans>
              </label>
              <textarea
                ref={feedbackRef}
                id={ids.feedback}
                rows={3}
                maxLength={AI_LIMITS.feedbackLength}
                disabled={!canEdit}
                value={feedback}
                aria-invalid={failure?.kind === 'emptyFeedback' && feedback.trim() === '' ? true : undefined}
                aria-describedby={failure?.kind === 'emptyFeedback' && feedback.trim() === '' ? `${ids.feedback}-error` : undefined}
                onChange={(e) => setFeedback(e.target.value)}
              />
              {failure?.kind === 'emptyFeedback' && feedback.trim() === '' && (
                <p id={`${ids.feedback}-error`} className="field-error">
                  <Trans>Tell what should change to improve the script.</Trans>
                </p>
              )}
            </div>
            <div className="actions">
              <button type="submit" className="button" disabled={!canEdit || feedback.trim() === ''}>
                <Trans>Improve</Trans>
              </button>
            </div>
          </form>

          {failure && step === 'improvementFailed' && (
            <Failure title={t`Failed to generate script from prompt`} detail={message(failure)}>
              <button ref={retryRef} type="button" className="button primary" onClick={() => actor.send({ type: 'prompt.retry' })}>
                <Trans>Retry</Trans>
              </button>
              <button type="button" className="button" onClick={() => actor.send({ type: 'prompt.dismiss' })}>
                <Trans>Back to the script</Trans>
              </button>
            </Failure>
          )}
          {failure && step === 'finishFailed' && (
            <Failure title={t`Failed to create vidbot`} detail={message(failure)}>
              <button ref={retryRef} type="button" className="button primary" onClick={() => actor.send({ type: 'prompt.retry' })}>
                <Trans>Retry</Trans>
              </button>
              <button type="button" className="button" onClick={() => actor.send({ type: 'prompt.dismiss' })}>
                <Trans>Back to the script</Trans>
              </button>
            </Failure>
          )}

          <div className="actions end">
            <button
              type="button"
              className="button primary"
              disabled={!canEdit}
              onClick={() => actor.send({ type: 'prompt.finish', botName: form.getFieldValue('botName') })}
            >
              {step === 'finishing' || step === 'done' ? <Trans>Creating the vidbot…</Trans> : <Trans>Finish</Trans>}
            </button>
          </div>
        </section>
      )}
    </section>
  );
}

/** The running job's progress bar, status in words. */
function JobProgress({ job, label }: { job: ActorRefFrom<typeof aiJobMachine>; label: string }) {
  const status = useSelector(job, (s) => s.context.status);
  const progress = useSelector(job, (s) => s.context.progress);
  return (
    <div className="ai-prompt-progress">
      <p className="small">{label}</p>
      <AiJobProgress status={status} progress={progress} />
    </div>
  );
}

/** A failure with its reason and the ways on (Retry, back). */
function Failure({ title, detail, children }: { title: string; detail: string; children: ReactNode }) {
  return (
    <div className="alert alert-error" role="alert">
      <p>
        <strong>{title}</strong>
        {detail !== title ? <> — {detail}</> : null}
      </p>
      <div className="actions">{children}</div>
    </div>
  );
}

/** One node of the script: title, entry badge, editable text, video direction, links. */
function NodeCard({ node, titles, editable, onText }: { node: ScriptNode; titles: Map<string, string>; editable: boolean; onText: (text: string) => void }) {
  const { t } = useLingui();
  const textId = useId();
  const headingId = useId();
  const title = node.title;
  return (
    <li className="ai-script-node card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        {title}{' '}
        {node.isEntryPoint && (
          <span className="badge badge-success">
            <Trans>Entry point</Trans>
          </span>
        )}
      </h3>
      <div className="field">
        <label htmlFor={textId}>{t`Text of “${title}”`}</label>
        <textarea id={textId} rows={4} maxLength={AI_LIMITS.nodeText} value={node.content.text} disabled={!editable} onChange={(e) => onText(e.target.value)} />
      </div>
      {node.content.videoDescription && (
        <p className="small">
          <strong>
            <Trans>Video:</Trans>
          </strong>{' '}
          {node.content.videoDescription}
        </p>
      )}
      {node.links.length > 0 && (
        <ul className="ai-script-links small" aria-label={t`Buttons of “${title}”`}>
          {node.links.map((link, i) => {
            const label = link.label;
            if (link.type === 'internal') {
              const target = titles.get(link.targetId) ?? link.targetId;
              return (
                <li key={i}>
                  <strong>{label}</strong> — <Trans>goes to “{target}”</Trans>
                </li>
              );
            }
            const url = link.url;
            return (
              <li key={i}>
                <strong>{label}</strong> —{' '}
                <Trans>
                  opens{' '}
                  <a href={url} target="_blank" rel="noopener noreferrer">
                    {url}
                  </a>
                </Trans>
              </li>
            );
          })}
        </ul>
      )}
    </li>
  );
}
