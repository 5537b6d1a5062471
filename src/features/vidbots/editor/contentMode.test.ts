/** contentEditorMode (spec 001 §2: "remembered locally under the key contentEditorMode, default GRID"). */
import { afterEach, describe, expect, it } from 'vitest';
import { CONTENT_MODE_KEY, readContentMode, setContentMode } from './contentMode';

afterEach(() => localStorage.clear());

describe('content editor mode', () => {
  it('defaults to GRID and reads an unknown stored value as GRID', () => {
    expect(CONTENT_MODE_KEY).toBe('contentEditorMode');
    expect(readContentMode()).toBe('GRID');
    localStorage.setItem(CONTENT_MODE_KEY, 'TILES');
    expect(readContentMode()).toBe('GRID');
  });

  it('stores the choice under contentEditorMode', () => {
    setContentMode('LIST');
    expect(localStorage.getItem(CONTENT_MODE_KEY)).toBe('LIST');
    expect(readContentMode()).toBe('LIST');
    setContentMode('GRID');
    expect(readContentMode()).toBe('GRID');
  });

  it('keeps the choice for the page when the storage refuses it', () => {
    const failing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    setContentMode('LIST', failing);
    expect(readContentMode(failing)).toBe('LIST');
    setContentMode('GRID', failing);
  });
});
