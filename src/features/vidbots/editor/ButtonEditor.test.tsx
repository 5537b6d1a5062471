/**
 * The button editor dialog (spec 001 §2 "Button editor", §5 Button): Save disabled until a target and
 * a name are there, the name auto-filled from the target (and kept once typed), video-end autoplay
 * offered only for a VIDEO slide target with the listener, the note naming the listener it replaces,
 * and the fields it hands to the slide editor.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { BotAction } from '../vidbot.types';
import { ButtonEditor } from './ButtonEditor';
import { buttonTargets } from './buttonForm';

beforeAll(() => {
  i18n.loadAndActivate({ locale: 'en', messages: {} });
  if (!HTMLDialogElement.prototype.showModal)
    HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
      this.open = true;
    };
});
afterEach(() => cleanup());

const groups = buttonTargets(
  [
    { id: 1, name: 'Intro', type: 'VIDEO' },
    { id: 2, name: 'Pricing', type: 'VIDEO' },
    { id: 3, name: 'Photo', type: 'IMAGE' },
  ],
  [{ id: 4, name: 'Say hi', type: 'POST_MESSAGE' }] as BotAction[],
  1,
);

function renderEditor(props: Partial<Parameters<typeof ButtonEditor>[0]> = {}) {
  const onSave = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <ButtonEditor open slideName="Intro" groups={groups} onSave={onSave} onClose={() => undefined} {...props} />
    </I18nProvider>,
  );
  return { onSave };
}
const target = () => screen.getByLabelText('Link to') as HTMLSelectElement;
const nameInput = () => screen.getByLabelText('Button name') as HTMLInputElement;
const submit = () => screen.getByRole('button', { name: 'Add button' }) as HTMLButtonElement;

describe('ButtonEditor', () => {
  it('groups the targets: other slides, then actions by type', () => {
    renderEditor();
    const groupsShown = [...target().querySelectorAll('optgroup')].map((g) => [g.label, [...g.querySelectorAll('option')].map((o) => o.textContent)]);
    expect(groupsShown).toEqual([
      ['Slides', ['Pricing', 'Photo']],
      ['Post messages', ['Say hi']],
    ]);
  });

  it('keeps Save disabled until valid, auto-fills the name from the target and follows the target while untouched', () => {
    renderEditor();
    expect(submit().disabled).toBe(true);
    fireEvent.change(target(), { target: { value: 'SLIDE:2' } });
    expect(nameInput().value).toBe('Pricing');
    expect(submit().disabled).toBe(false);
    fireEvent.change(target(), { target: { value: 'ACTION:4' } });
    expect(nameInput().value).toBe('Say hi');
    fireEvent.change(nameInput(), { target: { value: 'Wave' } });
    fireEvent.change(target(), { target: { value: 'SLIDE:3' } });
    expect(nameInput().value).toBe('Wave');
    fireEvent.change(nameInput(), { target: { value: '  ' } });
    expect(submit().disabled).toBe(true);
  });

  it('offers autoplay only with the video-end listener and a video slide target', () => {
    renderEditor();
    const listener = screen.getByLabelText('Go to the target when the video ends') as HTMLInputElement;
    fireEvent.change(target(), { target: { value: 'SLIDE:2' } });
    expect(screen.queryByLabelText('Start the target video automatically')).toBeNull();
    fireEvent.click(listener);
    expect(screen.getByLabelText('Start the target video automatically')).toBeTruthy();
    fireEvent.change(target(), { target: { value: 'SLIDE:3' } });
    expect(screen.queryByLabelText('Start the target video automatically')).toBeNull();
    fireEvent.change(target(), { target: { value: 'ACTION:4' } });
    expect(screen.queryByLabelText('Start the target video automatically')).toBeNull();
  });

  it('says which button stops being the video-end listener', () => {
    renderEditor({ currentListener: 'Next' });
    expect(screen.getByText('Only one button per slide can do this; now it is “Next”.')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('Go to the target when the video ends'));
    expect(screen.getByText('Only one button per slide can do this: “Next” will stop doing it.')).toBeTruthy();
  });

  it('hands the button’s fields to the slide editor', () => {
    const { onSave } = renderEditor();
    fireEvent.change(target(), { target: { value: 'SLIDE:2' } });
    fireEvent.click(screen.getByLabelText('Featured'));
    fireEvent.click(screen.getByLabelText('Go to the target when the video ends'));
    fireEvent.click(screen.getByLabelText('Start the target video automatically'));
    fireEvent.click(screen.getByLabelText('Track a click as a conversion'));
    fireEvent.click(submit());
    return vi.waitFor(() =>
      expect(onSave).toHaveBeenCalledWith({
        type: 'SLIDE',
        targetId: 2,
        name: 'Pricing',
        featured: true,
        videoEndListener: true,
        videoEndAutoplay: true,
        trackConversion: true,
      }),
    );
  });

  it('edits a stored button whose target was deleted: a new target must be chosen', () => {
    renderEditor({ button: { id: 7, name: 'Gone', type: 'SLIDE', targetId: 99 } });
    expect(target().value).toBe('');
    expect(screen.getByRole('option', { name: '(deleted target) — choose another' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save button' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
