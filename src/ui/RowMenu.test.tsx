/** RowMenu placement: under its button, or above it when the window has no room below (every item stays on screen). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { RowMenu } from './RowMenu';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const items = [
  { key: 'edit', label: 'Edit', onSelect: () => {} },
  { key: 'delete', label: 'Delete', onSelect: () => {}, danger: true },
];

function openAt(buttonTop: number) {
  vi.spyOn(window, 'innerHeight', 'get').mockReturnValue(800);
  vi.spyOn(window, 'innerWidth', 'get').mockReturnValue(1200);
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({
    top: buttonTop, bottom: buttonTop + 32, left: 1100, right: 1132, width: 32, height: 32, x: 1100, y: buttonTop, toJSON: () => ({}),
  } as DOMRect);
  vi.spyOn(HTMLElement.prototype, 'offsetHeight', 'get').mockReturnValue(120);
  render(<RowMenu label="Slide actions for Hidden" items={items} />);
  fireEvent.click(screen.getByRole('button', { name: 'Slide actions for Hidden' }));
  return screen.getByRole('menu');
}

describe('RowMenu placement', () => {
  it('opens under the button when there is room', () => {
    const menu = openAt(100);
    expect(menu.style.top).toBe('136px'); // 100 + 32 + 4
    expect(menu.style.right).toBe('68px'); // 1200 − 1132
  });

  it('opens above the button near the bottom of the window', () => {
    const menu = openAt(740);
    expect(menu.style.top).toBe('616px'); // 740 − 4 − 120
  });
});
