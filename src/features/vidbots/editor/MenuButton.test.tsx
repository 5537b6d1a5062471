/** MenuButton (the editor top bar's Save draft / Publish dropdown): the WAI-ARIA menu button keyboard paths and disabled items. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MenuButton } from './MenuButton';

afterEach(cleanup);

function renderMenu(saveDisabled = false) {
  const save = vi.fn();
  const publish = vi.fn();
  render(
    <MenuButton
      label="Save or publish"
      items={[
        { key: 'save', label: 'Save draft', onSelect: save, disabled: saveDisabled },
        { key: 'publish', label: 'Publish', onSelect: publish },
      ]}
    />,
  );
  return { save, publish, button: screen.getByRole('button', { name: /Save or publish/ }) };
}

describe('MenuButton', () => {
  it('opens on click with focus on the first item; choosing runs it, closes and returns focus', () => {
    const { save, button } = renderMenu();
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(screen.queryByRole('menu')).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Save draft' }));
    fireEvent.click(screen.getByRole('menuitem', { name: 'Save draft' }));
    expect(save).toHaveBeenCalledOnce();
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('moves with the arrow keys, Home and End (wrapping), and Escape closes back to the button', () => {
    const { button } = renderMenu();
    fireEvent.keyDown(button, { key: 'ArrowUp' });
    const menu = screen.getByRole('menu');
    const [first, last] = screen.getAllByRole('menuitem');
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(menu, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(menu, { key: 'Home' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(menu, { key: 'Escape' });
    expect(screen.queryByRole('menu')).toBeNull();
    expect(document.activeElement).toBe(button);
  });

  it('keeps a disabled item focusable but does nothing when it is chosen', () => {
    const { save, button } = renderMenu(true);
    fireEvent.keyDown(button, { key: 'ArrowDown' });
    const item = screen.getByRole('menuitem', { name: 'Save draft' });
    expect(document.activeElement).toBe(item);
    expect(item.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(item);
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole('menu')).toBeTruthy();
  });
});
