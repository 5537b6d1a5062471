/**
 * The buttons table (ButtonsTable.tsx; spec 001 §2 "table of buttons with drag reorder", §3 "marked
 * deleted"; issue 11 "not below small widths or when read-only"): drag handles on wide screens, Move
 * up / Move down below small widths, no reorder or edit controls when read-only, and a deleted target
 * marked.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { ButtonsTable } from './ButtonsTable';
import type { EditableButton } from './slideForm';

beforeAll(() => i18n.loadAndActivate({ locale: 'en', messages: {} }));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** window.matchMedia answering `small` for the small-width query. */
function screenWidth(small: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: small && query.includes('max-width'),
    media: query,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

const buttons: EditableButton[] = [
  { id: 1, name: 'First', type: 'SLIDE', targetId: 2, featured: true },
  { id: 2, name: 'Second', type: 'POST_MESSAGE', targetId: 4, videoEndListener: true, trackConversion: true },
  { id: 3, name: 'Third', type: 'SLIDE', targetId: 99 },
];

function renderTable(readOnly = false) {
  const onMove = vi.fn();
  const onEdit = vi.fn();
  const onDelete = vi.fn();
  render(
    <I18nProvider i18n={i18n}>
      <ButtonsTable
        buttons={buttons}
        targetName={(b) => ({ 2: 'Pricing', 4: 'Say hi' })[b.targetId as 2 | 4] ?? null}
        targetKind={(b) => (b.type === 'SLIDE' ? 'Slide' : 'Post messages')}
        readOnly={readOnly}
        onMove={onMove}
        onEdit={onEdit}
        onDelete={onDelete}
      />
    </I18nProvider>,
  );
  return { onMove, onEdit, onDelete };
}

describe('ButtonsTable', () => {
  it('shows each button’s target, style and functions, and marks a deleted target', () => {
    screenWidth(false);
    renderTable();
    const rows = screen.getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent?.replace(/\s+/g, ' ').trim())).toEqual([
      expect.stringContaining('FirstPricing (Slide)Featured'),
      expect.stringContaining('SecondSay hi (Post messages)RegularOn video endConversion'),
      expect.stringContaining('ThirdDeleted targetRegular'),
    ]);
  });

  it('offers drag handles on wide screens, and Edit / Delete', () => {
    screenWidth(false);
    const { onEdit, onDelete } = renderTable();
    expect(screen.getAllByRole('button', { name: /^Reorder button / })).toHaveLength(3);
    expect(screen.queryByRole('button', { name: /^Move button / })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Edit button Second' }));
    expect(onEdit).toHaveBeenCalledWith(buttons[1]);
    fireEvent.click(screen.getByRole('button', { name: 'Delete button Third' }));
    expect(onDelete).toHaveBeenCalledWith(buttons[2]);
  });

  it('reorders with Move up / Move down below small widths (no drag there)', () => {
    screenWidth(true);
    const { onMove } = renderTable();
    expect(screen.queryByRole('button', { name: /^Reorder button / })).toBeNull();
    expect((screen.getByRole('button', { name: 'Move button First up' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Move button Third down' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Move button First down' }));
    expect(onMove).toHaveBeenLastCalledWith(1, 1);
    fireEvent.click(screen.getByRole('button', { name: 'Move button Third up' }));
    expect(onMove).toHaveBeenLastCalledWith(3, 1);
  });

  it('has no reorder, edit or delete controls when read-only', () => {
    screenWidth(false);
    renderTable(true);
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.queryAllByRole('button')).toEqual([]);
  });
});
