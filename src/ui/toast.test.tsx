/** Lazy toasts (issue 10 §2): react-toastify loads on the first toast, <Toasts> then mounts the container and shows it. */
import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { Toasts } from './Toasts';
import { toast } from './toast';

describe('toast', () => {
  it('shows a toast raised before react-toastify has loaded, once the container has mounted', async () => {
    render(<Toasts />);
    expect(document.querySelector('.Toastify')).toBeNull();
    act(() => {
      toast.success('Saved the vidbot');
      toast.error('Something went wrong', { toastId: 'e1' });
    });
    expect(await screen.findByText('Saved the vidbot')).toBeTruthy();
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
  });
});
