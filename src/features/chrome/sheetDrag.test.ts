import { describe, expect, it } from 'vitest';
import { SHEET_CLOSE_DRAG_PX, dragOffset, endDrag, startDrag } from './sheetDrag';

describe('bottom sheet drag (spec 000 §2, §9)', () => {
  it('follows a downward drag and ignores upward movement', () => {
    const d = startDrag(500);
    expect(dragOffset(d, 540)).toBe(40);
    expect(dragOffset(d, 420)).toBe(0);
  });
  it('closes only beyond 80 px', () => {
    const d = startDrag(300);
    expect(SHEET_CLOSE_DRAG_PX).toBe(80);
    expect(endDrag(d, 380)).toBe('restore');
    expect(endDrag(d, 381)).toBe('close');
    expect(endDrag(d, 200)).toBe('restore');
  });
});
