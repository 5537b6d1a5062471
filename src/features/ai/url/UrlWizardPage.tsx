/**
 * The AI URL wizard page (issue 16; spec 001 §2 "AI URL wizard", §5, §8): a thin binding of the
 * urlWizard chart (machines/aiWizard). Four steps — Enter Website URL, Parse Result, Analyze
 * Navigation, Video Script — shown by a step indicator (`aria-current="step"`); each step's heading
 * takes focus when the step opens. Jobs show <AiJobProgress> (status in words + bar) from the running
 * job child; failures show the §8 message through Lingui with Retry. Finish creates the vidbot and
 * opens its content page with "Vidbot created successfully!".
 *
 * Props: the account, and the create dialog's navigation state (`aiCreate`: the name) when opened
 * from there; without it the name is typed in step 4. `edge` lets tests replace the chart's actors.
 */
import './urlWizard.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import type { AnyActorRef } from 'xstate';
import { Trans, useLingui } from '@lingui/react/macro';
import { AI_LANGUAGES, AI_TONES, type AiJobStatusName, type AiLanguage, type AiTone, type ScriptNode } from '../../../../server/src/modules/ai/ai.schemas';
import type { UrlWizardMachine } from '../../../../machines/aiWizard/urlWizard.machine';
import {
  selectAnalysis,
  selectBotName,
  selectCanFinish,
  selectCanNext,
  selectFailure,
  selectJobRef,
  selectLanguage,
  selectMainBotId,
  selectPhase,
  selectScript,
  selectSelectedOptionId,
  selectStep,
  selectTone,
  selectUrl,
} from '../../../../machines/aiWizard/urlWizard.selectors';
import { AiJobProgress } from '../AiJobProgress';
import type { AiCreateState } from '../navigationState';
import { inspect } from '../../machines/inspection';
import { toast } from '../../../ui/toast';
import { aiMessageText, TONE_WORDS } from '../aiWords';
import { createUrlWizardMachine } from './urlWizard.actors';

export interface UrlWizardPageProps {
  accountId: number;
  accountSlug: string;
  aiCreate?: AiCreateState;
  /** Tests give a chart with fake actors. */
  machine?: UrlWizardMachine;
}

type Actor = ReturnType<typeof useActorRef<UrlWizardMachine>>;

/** The wizard page. */
export function UrlWizardPage({ accountId, accountSlug, aiCreate, machine: given }: UrlWizardPageProps) {
  const { t, i18n } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [machine] = useState(() => given ?? createUrlWizardMachine(queryClient));
  const actor = useActorRef(machine, {
    input: { accountId, botName: aiCreate?.name ?? '' },
    inspect,
  });
  const step = useSelector(actor, selectStep);
  const mainBotId = useSelector(actor, selectMainBotId);
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);

  // Focus follows the step: the new step's heading (not on the first render: the page heading leads).
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [step]);

  // Created: the editor opens on its content page (spec 001 §2) with the §8 success toast.
  useEffect(() => {
    if (mainBotId === null) return;
    toast.success(aiMessageText(i18n, 'Vidbot created successfully!'));
    void navigate({
      to: '/dashboard/$accountSlug/vidbots/$id',
      params: { accountSlug, id: String(mainBotId) },
    });
  }, [mainBotId, accountSlug, navigate, i18n]);

  const steps = [t`Enter Website URL`, t`Parse Result`, t`Analyze Navigation`, t`Video Script`];
  const stepName = steps[step - 1];
  return (
    <div className="page ai-url-wizard">
      <h1>
        <Trans>Create a vidbot from your website</Trans>
      </h1>
      <nav aria-label={t`Wizard steps`}>
        <ol className="ai-steps">
          {steps.map((label, i) => (
            <li key={label} aria-current={step === i + 1 ? 'step' : undefined} className={step > i + 1 ? 'done' : undefined}>
              <span className="ai-step-number" aria-hidden="true">
                {i + 1}
              </span>
              {label}
            </li>
          ))}
        </ol>
      </nav>
      <section className="ai-step" aria-labelledby="ai-step-heading">
        <h2 id="ai-step-heading" ref={heading} tabIndex={-1}>
          <Trans>
            Step {step} of 4: {stepName}
          </Trans>
        </h2>
        {step === 1 && <UrlStep actor={actor} />}
        {step === 2 && <ParseResultStep actor={actor} />}
        {step === 3 && <NavigationStep actor={actor} />}
        {step === 4 && <ScriptStep actor={actor} />}
      </section>
    </div>
  );
}

function LanguageSelect({ value, onChange, id }: { value: AiLanguage; onChange: (language: AiLanguage) => void; id: string }) {
  const { t } = useLingui();
  const names: Record<AiLanguage, string> = { en: t`English`, fi: t`Finnish` };
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>Language</Trans>
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as AiLanguage)}>
        {AI_LANGUAGES.map((l) => (
          <option key={l} value={l}>
            {names[l]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** The running job's progress: status in words and the bar, read from the job child. */
function JobProgress({ job, label }: { job: AnyActorRef; label: string }) {
  const status = useSelector(job, (s: { context?: { status?: AiJobStatusName } }) => s.context?.status ?? 'pending');
  const progress = useSelector(job, (s: { context?: { progress?: number } }) => s.context?.progress ?? 0);
  return <AiJobProgress status={status} progress={progress} label={label} />;
}

function RunningJob({ actor, label }: { actor: Actor; label: string }) {
  const job = useSelector(actor, selectJobRef);
  return job ? <JobProgress job={job} label={label} /> : null;
}

function FailureAlert({ actor, headline }: { actor: Actor; headline?: string }) {
  const { i18n } = useLingui();
  const failure = useSelector(actor, selectFailure);
  if (!failure || failure.kind === 'invalidUrl' || failure.kind === 'nameRequired') return null;
  const text = aiMessageText(i18n, failure.message);
  return (
    <div className="alert alert-error" role="alert">
      {headline && headline !== text ? (
        <>
          <strong>{headline}</strong> {text}
        </>
      ) : (
        text
      )}
    </div>
  );
}

function UrlStep({ actor }: { actor: Actor }) {
  const { t, i18n } = useLingui();
  const url = useSelector(actor, selectUrl);
  const language = useSelector(actor, selectLanguage);
  const phase = useSelector(actor, selectPhase);
  const failure = useSelector(actor, selectFailure);
  const canNext = useSelector(actor, selectCanNext);
  const urlId = useId();
  const languageId = useId();
  const urlError = failure?.kind === 'invalidUrl' ? aiMessageText(i18n, failure.message) : null;
  const analyzing = phase === 'analyzing';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'wizard.analyze' });
      }}
    >
      <div className="field">
        <label htmlFor={urlId}>
          <Trans>Website URL</Trans>
        </label>
        <input
          id={urlId}
          type="url"
          inputMode="url"
          autoComplete="url"
          placeholder="https://www.example.com"
          value={url}
          readOnly={analyzing}
          aria-invalid={urlError ? true : undefined}
          aria-describedby={urlError ? `${urlId}-error` : undefined}
          onChange={(e) => actor.send({ type: 'url.change', url: e.target.value })}
        />
        {urlError && (
          <p id={`${urlId}-error`} className="field-error">
            {urlError}
          </p>
        )}
      </div>
      <LanguageSelect id={languageId} value={language} onChange={(l) => actor.send({ type: 'language.change', language: l })} />
      {analyzing && <RunningJob actor={actor} label={t`Analysing the website`} />}
      <FailureAlert actor={actor} />
      <div className="actions end">
        {analyzing ? (
          <button type="button" className="button" onClick={() => actor.send({ type: 'wizard.cancel' })}>
            <Trans>Cancel</Trans>
          </button>
        ) : phase === 'analysisFailed' ? (
          <button type="button" className="button primary" onClick={() => actor.send({ type: 'wizard.retry' })}>
            <Trans>Retry</Trans>
          </button>
        ) : (
          <>
            <button type="submit" className={canNext ? 'button' : 'button primary'}>
              <Trans>Analyze</Trans>
            </button>
            {canNext && (
              <button type="button" className="button primary" onClick={() => actor.send({ type: 'wizard.next' })}>
                <Trans>Next</Trans>
              </button>
            )}
          </>
        )}
      </div>
    </form>
  );
}

function ParseResultStep({ actor }: { actor: Actor }) {
  const { t } = useLingui();
  const analysis = useSelector(actor, selectAnalysis);
  const selected = useSelector(actor, selectSelectedOptionId);
  const canNext = useSelector(actor, selectCanNext);
  const name = useId();
  if (!analysis) return null;
  const { sourceInfo, scripts } = analysis;
  return (
    <>
      <h3>
        <Trans>Source information</Trans>
      </h3>
      <dl className="ai-source-info">
        <dt>
          <Trans>Name</Trans>
        </dt>
        <dd>{sourceInfo.sourceName}</dd>
        <dt>
          <Trans>Type</Trans>
        </dt>
        <dd>{sourceInfo.sourceType}</dd>
        <dt>
          <Trans>Main keywords</Trans>
        </dt>
        <dd>
          <ul className="ai-keywords">
            {sourceInfo.mainKeywords.map((k) => (
              <li key={k} className="badge">
                {k}
              </li>
            ))}
          </ul>
        </dd>
      </dl>
      <fieldset className="ai-options">
        <legend>
          <Trans>Choose a script</Trans>
        </legend>
        {scripts.map((option) => (
          <label key={option.id} className="ai-option">
            <input
              type="radio"
              name={name}
              value={option.id}
              checked={selected === option.id}
              onChange={() => actor.send({ type: 'script.select', optionId: option.id })}
            />
            <span className="ai-option-body">
              <strong>{option.title}</strong>
              <span>
                <Trans>Target audience:</Trans> {option.targetAudience}
              </span>
              <span>
                <Trans>Approach:</Trans> {option.suggestedApproach}
              </span>
              <span>
                <Trans>Category:</Trans> {option.scriptCategory}
              </span>
            </span>
          </label>
        ))}
      </fieldset>
      <div className="actions end">
        <button type="button" className="button" onClick={() => actor.send({ type: 'wizard.back' })}>
          <Trans>Back</Trans>
        </button>
        <button
          type="button"
          className="button primary"
          disabled={!canNext}
          title={canNext ? undefined : t`Choose a script first`}
          onClick={() => actor.send({ type: 'wizard.next' })}
        >
          <Trans>Next</Trans>
        </button>
      </div>
    </>
  );
}

function NavigationStep({ actor }: { actor: Actor }) {
  const analysis = useSelector(actor, selectAnalysis);
  const links = analysis?.navigation ?? [];
  return (
    <>
      {links.length === 0 ? (
        <p>
          <Trans>No navigation links were found on the site.</Trans>
        </p>
      ) : (
        <table className="ai-links">
          <thead>
            <tr>
              <th scope="col">
                <Trans>Name</Trans>
              </th>
              <th scope="col">
                <Trans>URL</Trans>
              </th>
              <th scope="col">
                <Trans>Call to action</Trans>
              </th>
              <th scope="col">
                <Trans>Description</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {links.map((link) => (
              <tr key={link.url + link.name}>
                <td>{link.name}</td>
                <td>
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.url}
                  </a>
                </td>
                <td>{link.callToAction}</td>
                <td>{link.description}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="actions end">
        <button type="button" className="button" onClick={() => actor.send({ type: 'wizard.back' })}>
          <Trans>Back</Trans>
        </button>
        <button type="button" className="button primary" onClick={() => actor.send({ type: 'wizard.next' })}>
          <Trans>Next</Trans>
        </button>
      </div>
    </>
  );
}

function ScriptStep({ actor }: { actor: Actor }) {
  const { t, i18n } = useLingui();
  const phase = useSelector(actor, selectPhase);
  const tone = useSelector(actor, selectTone);
  const language = useSelector(actor, selectLanguage);
  const script = useSelector(actor, selectScript);
  const botName = useSelector(actor, selectBotName);
  const failure = useSelector(actor, selectFailure);
  const canFinish = useSelector(actor, selectCanFinish);
  const toneId = useId();
  const languageId = useId();
  const nameId = useId();
  const nameError = failure?.kind === 'nameRequired' ? t`Name is required.` : null;
  const busy = phase === 'generating' || phase === 'creating' || phase === 'created';
  const nodes = script?.script.nodes ?? [];
  const titleOf = (id: string) => nodes.find((n) => n.id === id)?.title ?? id;
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        actor.send({ type: 'wizard.finish' });
      }}
    >
      <div className="ai-script-settings">
        <div className="field">
          <label htmlFor={toneId}>
            <Trans>Tone</Trans>
          </label>
          <select
            id={toneId}
            value={tone}
            disabled={phase === 'creating'}
            onChange={(e) =>
              actor.send({
                type: 'tone.change',
                tone: e.target.value as AiTone,
              })
            }
          >
            {AI_TONES.map((tn) => (
              <option key={tn} value={tn}>
                {i18n._(TONE_WORDS[tn])}
              </option>
            ))}
          </select>
        </div>
        <LanguageSelect id={languageId} value={language} onChange={(l) => actor.send({ type: 'language.change', language: l })} />
      </div>
      {phase === 'generating' && <RunningJob actor={actor} label={t`Writing the video script`} />}
      {phase === 'scriptFailed' && <FailureAlert actor={actor} headline={aiMessageText(i18n, 'Failed to generate script...')} />}
      {phase !== 'scriptFailed' && failure?.kind === 'createFailed' && <FailureAlert actor={actor} headline={aiMessageText(i18n, 'Failed to create vidbot')} />}
      {phase !== 'generating' && script && (
        <ol className="ai-nodes" aria-label={t`Video script`}>
          {nodes.map((node) => (
            <ScriptNodeCard key={node.id} node={node} titleOf={titleOf} />
          ))}
        </ol>
      )}
      <div className="field">
        <label htmlFor={nameId}>
          <Trans>Vidbot name</Trans>
        </label>
        <input
          id={nameId}
          value={botName}
          maxLength={200}
          required
          aria-invalid={nameError ? true : undefined}
          aria-describedby={nameError ? `${nameId}-error` : undefined}
          onChange={(e) => actor.send({ type: 'name.change', name: e.target.value })}
        />
        {nameError && (
          <p id={`${nameId}-error`} className="field-error">
            {nameError}
          </p>
        )}
      </div>
      <div className="actions end">
        <button type="button" className="button" disabled={phase === 'creating' || phase === 'created'} onClick={() => actor.send({ type: 'wizard.back' })}>
          <Trans>Back</Trans>
        </button>
        {phase === 'scriptFailed' && (
          <button type="button" className="button" onClick={() => actor.send({ type: 'wizard.retry' })}>
            <Trans>Retry</Trans>
          </button>
        )}
        <button type="submit" className="button primary" disabled={!canFinish || busy}>
          {phase === 'creating' ? <Trans>Creating…</Trans> : <Trans>Finish</Trans>}
        </button>
      </div>
    </form>
  );
}

function ScriptNodeCard({ node, titleOf }: { node: ScriptNode; titleOf: (id: string) => string }) {
  return (
    <li className="ai-node">
      <h3>
        {node.title}
        {node.isEntryPoint && (
          <span className="badge badge-success">
            <Trans>Entry point</Trans>
          </span>
        )}
      </h3>
      <p>{node.content.text}</p>
      <p className="ai-video-description">
        <strong>
          <Trans>Video:</Trans>
        </strong>{' '}
        {node.content.videoDescription}
      </p>
      {node.links.length > 0 && (
        <ul className="ai-node-links">
          {node.links.map((link, i) => (
            <li key={i}>
              {link.type === 'internal' ? (
                <>
                  {link.label} → {titleOf(link.targetId)}
                </>
              ) : (
                <>
                  {link.label} →{' '}
                  <a href={link.url} target="_blank" rel="noopener noreferrer">
                    {link.url}
                  </a>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
