/**
 * Avatar video generator page (issue 16 "Avatar generator"; spec 001 §2 "Avatar video generator": two
 * steps, select then settings; §3 "Avatar video request"; §5 title, avatar style and script required;
 * §8 an error on generation failure): a thin binding of the avatarGenerator chart.
 *
 * - Select: the account's avatar groups as buttons (preview, name, number of looks), 4 per page with
 *   the shared pager; choosing one opens the settings.
 * - Settings: the group's looks as a radio group (arrow keys move the choice), a voice select, the
 *   title, the avatar style (square / circle), the script (≤ 5000 characters) and captions on or off;
 *   Back returns to the groups, Generate video submits (rules of §5 shown on the fields).
 * - Generating: `<AiJobProgress>` with the job's status, generating_script worded 'Rendering the
 *   video…'; Cancel returns to the settings. Failed: the error with Try again and Back. Done: a link
 *   to the video in the media library (the toast was shown by the chart's announce step).
 *
 * Focus follows the screen: each screen's heading takes focus when the screen changes, so keyboard
 * and screen-reader users land on the new content. Leaving the page stops the chart and its job.
 */
import './avatar.css';
import { useEffect, useId, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useForm } from '@tanstack/react-form';
import * as v from 'valibot';
import type { ActorRefFrom } from 'xstate';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { toast } from '../../ui/toast';
import { Pagination } from '../../ui/Pagination';
import { CheckboxField, SelectField, TextField } from '../../ui/Field';
import { firstError, submitForm } from '../../ui/formErrors';
import type { Account as FullAccount } from '../../api/types';

/** What the page needs of the account. */
type Account = Pick<FullAccount, 'id' | 'publicId'>;
import { AVATAR_GROUPS_PAGE_SIZE, AVATAR_SCRIPT_MAX, AVATAR_STYLES, type AvatarStyle } from '../../../server/src/modules/avatar/avatar.schemas';
import type { AiJobStatusName } from '../../../server/src/modules/ai/ai.schemas';
import type { AvatarFailureKind, AvatarSettings } from '../../../machines/aiWizard/avatarGenerator.machine';
import {
  selectAvatars,
  selectCanEdit,
  selectFailure,
  selectGroup,
  selectGroups,
  selectIsLoading,
  selectJobRef,
  selectLoadFailed,
  selectPaging,
  selectResult,
  selectScreen,
  selectVoices,
  type AvatarScreen,
} from '../../../machines/aiWizard/avatarGenerator.selectors';
import { AiJobProgress } from '../ai/AiJobProgress';
import { inspect } from '../machines/inspection';
import { createAvatarGeneratorMachine } from './avatarGenerator.actors';

/** The avatar flow words generating_script as the render (issue 16 decision 2). */
const AVATAR_STATUS_LABELS = { generating_script: msg`Rendering the video…` } as const;

type GeneratorActor = ActorRefFrom<ReturnType<typeof createAvatarGeneratorMachine>>;

/** The settings form's values ('' = not chosen). */
interface SettingsValues {
  avatarId: string;
  voiceId: string;
  title: string;
  style: AvatarStyle | '';
  script: string;
  caption: boolean;
}

const EMPTY_SETTINGS: SettingsValues = { avatarId: '', voiceId: '', title: '', style: '', script: '', caption: true };

/** Rules of the settings form (spec 001 §5: title, avatar style and script required). */
function settingsSchema(m: { look: string; title: string; style: string; script: string; scriptLong: string; titleLong: string }) {
  const required = (message: string) => v.pipe(v.string(), v.check((s) => s.trim() !== '', message));
  return v.object({
    avatarId: required(m.look),
    voiceId: v.string(),
    title: v.pipe(required(m.title), v.check((s) => s.trim().length <= 200, m.titleLong)),
    style: v.pipe(v.picklist(['', ...AVATAR_STYLES], m.style), v.check((s) => s !== '', m.style)),
    script: v.pipe(required(m.script), v.check((s) => s.trim().length <= AVATAR_SCRIPT_MAX, m.scriptLong)),
    caption: v.boolean(),
  });
}

/** The settings form: its values live here (kept across Back); a valid submit calls `onValid`. */
function useSettingsForm(onValid: (settings: AvatarSettings) => void) {
  const { t } = useLingui();
  return useForm({
    defaultValues: EMPTY_SETTINGS,
    validators: {
      onSubmit: settingsSchema({
        look: t`Choose a look.`,
        title: t`Title is required.`,
        titleLong: t`Title must be at most 200 characters.`,
        style: t`Avatar style is required.`,
        script: t`Script is required.`,
        scriptLong: t`Script must be at most ${AVATAR_SCRIPT_MAX} characters.`,
      }),
    },
    onSubmit: ({ value }) =>
      onValid({
        avatarId: value.avatarId,
        voiceId: value.voiceId === '' ? null : value.voiceId,
        title: value.title,
        style: value.style,
        script: value.script,
        caption: value.caption,
      }),
  });
}

type SettingsForm = ReturnType<typeof useSettingsForm>;

export function AvatarGeneratorPage({ account }: { account: Account }) {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const [machine] = useState(() =>
    createAvatarGeneratorMachine({ queryClient, announceReady: (title) => toast.success(t`Your avatar video “${title}” is ready in the media library.`) }),
  );
  const actor = useActorRef(machine, { input: { accountId: account.id }, inspect });
  const screen = useSelector(actor, selectScreen);
  const form = useSettingsForm((settings) => actor.send({ type: 'avatar.generate', settings }));

  // Focus follows the screen (not on the first render: the page heading comes first then; the
  // previous screen is remembered, so StrictMode's second effect run does not count as a change).
  const heading = useRef<HTMLHeadingElement>(null);
  const shownScreen = useRef(screen);
  useEffect(() => {
    if (shownScreen.current === screen) return;
    shownScreen.current = screen;
    heading.current?.focus();
  }, [screen]);

  const step = screen === 'select' ? 1 : 2;
  return (
    <div className="page avatar-generator">
      <div className="page-header">
        <h1>
          <Trans>Generate avatar video</Trans>
        </h1>
      </div>
      <ol className="avatar-steps" aria-label={t`Steps`}>
        <li aria-current={step === 1 ? 'step' : undefined}>
          <Trans>1. Select an avatar</Trans>
        </li>
        <li aria-current={step === 2 ? 'step' : undefined}>
          <Trans>2. Settings</Trans>
        </li>
      </ol>
      {screen === 'select' && <SelectStep actor={actor} account={account} heading={heading} />}
      {screen === 'settings' && <SettingsStep actor={actor} form={form} heading={heading} />}
      {(screen === 'generating' || screen === 'failed' || screen === 'done') && <JobStep actor={actor} account={account} screen={screen} heading={heading} />}
    </div>
  );
}

interface StepProps {
  actor: GeneratorActor;
  heading: React.RefObject<HTMLHeadingElement | null>;
}

function useFailureText(): Record<AvatarFailureKind, string> {
  const { t } = useLingui();
  return {
    groupsFailed: t`The avatars could not be loaded.`,
    groupFailed: t`The looks and voices of this avatar could not be loaded.`,
    generateFailed: t`The video could not be generated. Please try again.`,
  };
}

/** Step 1: the avatar groups, 4 per page. */
function SelectStep({ actor, account, heading }: StepProps & { account: Account }) {
  const { t } = useLingui();
  const groups = useSelector(actor, selectGroups);
  const paging = useSelector(actor, selectPaging);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const failureText = useFailureText();
  return (
    <section className="avatar-step" aria-labelledby="avatar-select-heading">
      <h2 id="avatar-select-heading" ref={heading} tabIndex={-1}>
        <Trans>Choose an avatar</Trans>
      </h2>
      <p className="muted">
        <Trans>Each image in your media library can be an avatar. Choose one to continue to the settings.</Trans>
      </p>
      {failed ? (
        <div className="alert alert-error" role="alert">
          <p>{failureText.groupsFailed}</p>
          <button type="button" className="button small" onClick={() => actor.send({ type: 'avatar.retry' })}>
            <Trans>Try again</Trans>
          </button>
        </div>
      ) : loading && groups.length === 0 ? (
        <p role="status">
          <Trans>Loading avatars…</Trans>
        </p>
      ) : groups.length === 0 ? (
        <p className="avatar-empty">
          <Trans>
            No avatars yet. Add a photo to the{' '}
            <Link to="/dashboard/$accountSlug/media/$type" params={{ accountSlug: account.publicId, type: 'image' }}>
              images of the media library
            </Link>{' '}
            and come back.
          </Trans>
        </p>
      ) : (
        <>
          <ul className="avatar-groups" aria-busy={loading} aria-label={t`Avatars`}>
            {groups.map((g) => (
              <li key={g.id}>
                <button type="button" className="avatar-group" disabled={loading} onClick={() => actor.send({ type: 'avatar.chooseGroup', groupId: g.id })}>
                  {g.previewImage ? <img src={g.previewImage} alt="" className="avatar-preview" loading="lazy" /> : <span className="avatar-preview avatar-preview-empty" aria-hidden="true" />}
                  <span className="avatar-group-name">{g.name}</span>
                  <span className="avatar-group-meta muted">{g.numLooks === 1 ? <Trans>1 look</Trans> : <Trans>{g.numLooks} looks</Trans>}</span>
                </button>
              </li>
            ))}
          </ul>
          {paging.pageCount > 1 && (
            <Pagination
              page={paging.page}
              pageCount={paging.pageCount}
              totalCount={paging.totalCount}
              pageSize={AVATAR_GROUPS_PAGE_SIZE}
              onPage={(page) => actor.send({ type: 'avatar.page', page })}
            />
          )}
        </>
      )}
    </section>
  );
}


/** Step 2: look, voice, title, avatar style, script, captions. */
function SettingsStep({ actor, form, heading }: StepProps & { form: SettingsForm }) {
  const { t } = useLingui();
  const group = useSelector(actor, selectGroup);
  const avatars = useSelector(actor, selectAvatars);
  const voices = useSelector(actor, selectVoices);
  const loading = useSelector(actor, selectIsLoading);
  const failed = useSelector(actor, selectLoadFailed);
  const canEdit = useSelector(actor, selectCanEdit);
  const failure = useSelector(actor, selectFailure);
  const failureText = useFailureText();
  const lookName = useId();
  const scriptId = useId();

  // A look of this group is always chosen: the first one when the kept one is not of this group.
  useEffect(() => {
    if (avatars.length > 0 && !avatars.some((a) => a.avatarId === form.getFieldValue('avatarId'))) form.setFieldValue('avatarId', avatars[0]!.avatarId);
  }, [avatars, form]);

  const styleLabel: Record<AvatarStyle, string> = { square: t`Square`, circle: t`Circle` };
  const back = () => actor.send({ type: 'avatar.back' });

  return (
    <section className="avatar-step" aria-labelledby="avatar-settings-heading">
      <h2 id="avatar-settings-heading" ref={heading} tabIndex={-1}>
        {group ? <Trans>Settings for {group.name}</Trans> : <Trans>Settings</Trans>}
      </h2>
      {failed ? (
        <div className="alert alert-error" role="alert">
          <p>{failure?.kind === 'groupFailed' ? failureText.groupFailed : failureText.groupsFailed}</p>
          <div className="actions">
            <button type="button" className="button small" onClick={back}>
              <Trans>Back</Trans>
            </button>
            <button type="button" className="button small" onClick={() => actor.send({ type: 'avatar.retry' })}>
              <Trans>Try again</Trans>
            </button>
          </div>
        </div>
      ) : loading ? (
        <p role="status">
          <Trans>Loading looks and voices…</Trans>
        </p>
      ) : (
        <form
          noValidate
          className="avatar-settings"
          onSubmit={(e) => {
            e.preventDefault();
            void submitForm(form);
          }}
        >
          <form.Field name="avatarId">
            {(field) => (
              <fieldset className="avatar-looks" aria-describedby={field.state.meta.errors.length ? `${lookName}-err` : undefined}>
                <legend>
                  <Trans>Look</Trans>
                </legend>
                {avatars.map((a) => (
                  <label key={a.avatarId} className={`avatar-look${field.state.value === a.avatarId ? ' checked' : ''}`}>
                    <input type="radio" name={lookName} value={a.avatarId} checked={field.state.value === a.avatarId} onChange={() => field.handleChange(a.avatarId)} />
                    {a.previewImageUrl ? <img src={a.previewImageUrl} alt="" className="avatar-preview small" /> : <span className="avatar-preview small avatar-preview-empty" aria-hidden="true" />}
                    <span>{a.avatarName}</span>
                  </label>
                ))}
                {firstError(field.state.meta.errors) && (
                  <p id={`${lookName}-err`} className="field-error">
                    {firstError(field.state.meta.errors)}
                  </p>
                )}
              </fieldset>
            )}
          </form.Field>
          <form.Field name="voiceId">
            {(field) => (
              <SelectField
                label={t`Voice`}
                value={field.state.value}
                onChange={field.handleChange}
                options={[{ value: '', label: t`The avatar’s own voice` }, ...voices.map((voice) => ({ value: voice.voiceId, label: voice.name }))]}
              />
            )}
          </form.Field>
          <form.Field name="title">
            {(field) => (
              <TextField
                label={t`Title`}
                required
                value={field.state.value}
                onChange={field.handleChange}
                onBlur={field.handleBlur}
                error={firstError(field.state.meta.errors)}
                maxLength={200}
                hint={<Trans>The name of the video in the media library.</Trans>}
              />
            )}
          </form.Field>
          <form.Field name="style">
            {(field) => (
              <SelectField
                label={t`Avatar style`}
                required
                value={field.state.value}
                onChange={field.handleChange}
                error={firstError(field.state.meta.errors)}
                placeholder={t`Choose a style`}
                options={AVATAR_STYLES.map((s) => ({ value: s, label: styleLabel[s] }))}
              />
            )}
          </form.Field>
          <form.Field name="script">
            {(field) => {
              const error = firstError(field.state.meta.errors);
              return (
                <div className="field">
                  <label htmlFor={scriptId}>
                    <Trans>Script</Trans>
                    <span aria-hidden="true"> *</span>
                  </label>
                  <textarea
                    id={scriptId}
                    rows={6}
                    required
                    maxLength={AVATAR_SCRIPT_MAX}
                    value={field.state.value}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={`${scriptId}-count${error ? ` ${scriptId}-err` : ''}`}
                    onChange={(e) => field.handleChange(e.target.value)}
                    onBlur={field.handleBlur}
                  />
                  <p id={`${scriptId}-count`} className="field-hint">
                    <Trans>
                      What the avatar says. {field.state.value.length} / {AVATAR_SCRIPT_MAX} characters.
                    </Trans>
                  </p>
                  {error && (
                    <p id={`${scriptId}-err`} className="field-error">
                      {error}
                    </p>
                  )}
                </div>
              );
            }}
          </form.Field>
          <form.Field name="caption">
            {(field) => <CheckboxField label={<Trans>Show the script as captions</Trans>} checked={field.state.value} onChange={field.handleChange} />}
          </form.Field>
          <div className="actions">
            <button type="button" className="button" onClick={back}>
              <Trans>Back</Trans>
            </button>
            <button type="submit" className="button primary" disabled={!canEdit}>
              <Trans>Generate video</Trans>
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** Generating, failed and done. */
function JobStep({ actor, account, screen, heading }: StepProps & { account: Account; screen: Exclude<AvatarScreen, 'select' | 'settings'> }) {
  const failureText = useFailureText();
  const result = useSelector(actor, selectResult);
  return (
    <section className="avatar-step" aria-labelledby="avatar-job-heading">
      <h2 id="avatar-job-heading" ref={heading} tabIndex={-1}>
        {screen === 'generating' ? <Trans>Generating the video</Trans> : screen === 'failed' ? <Trans>The video was not generated</Trans> : <Trans>Your video is ready</Trans>}
      </h2>
      {screen === 'generating' && (
        <>
          <JobProgress actor={actor} />
          <div className="actions">
            <button type="button" className="button" onClick={() => actor.send({ type: 'avatar.cancel' })}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </>
      )}
      {screen === 'failed' && (
        <>
          <p className="alert alert-error" role="alert">
            {failureText.generateFailed}
          </p>
          <div className="actions">
            <button type="button" className="button" onClick={() => actor.send({ type: 'avatar.back' })}>
              <Trans>Back to the settings</Trans>
            </button>
            <button type="button" className="button primary" onClick={() => actor.send({ type: 'avatar.retry' })}>
              <Trans>Try again</Trans>
            </button>
          </div>
        </>
      )}
      {screen === 'done' && result && (
        <>
          <p>
            <Trans>“{result.title}” has been added to your media library.</Trans>
          </p>
          <div className="actions">
            <Link
              className="button primary"
              to="/dashboard/$accountSlug/media/$type"
              params={{ accountSlug: account.publicId, type: 'video' }}
              search={{ name: result.title }}
            >
              <Trans>Open the video in the media library</Trans>
            </Link>
            <button type="button" className="button" onClick={() => actor.send({ type: 'avatar.startOver' })}>
              <Trans>Make another video</Trans>
            </button>
          </div>
        </>
      )}
    </section>
  );
}

/** The job child's status and progress; full while the ready video is announced. */
function JobProgress({ actor }: { actor: GeneratorActor }) {
  const job = useSelector(actor, selectJobRef);
  return job ? <LiveJobProgress job={job} /> : <AiJobProgress status="completed" progress={1} statusLabels={AVATAR_STATUS_LABELS} />;
}

function LiveJobProgress({ job }: { job: NonNullable<ReturnType<typeof selectJobRef>> }) {
  const status = useSelector(job, (s) => s.context.status as AiJobStatusName);
  const progress = useSelector(job, (s) => s.context.progress);
  return <AiJobProgress status={status} progress={progress} statusLabels={AVATAR_STATUS_LABELS} />;
}
