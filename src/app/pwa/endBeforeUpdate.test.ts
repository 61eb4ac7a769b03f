import { describe, expect, it, vi } from 'vitest';
import { endAllBeforeUpdate, endBeforeUpdate } from './endBeforeUpdate.ts';

describe('endBeforeUpdate', () => {
  it('ends each registered piece of work once, at the first "Reload"', () => {
    const first = vi.fn();
    const second = vi.fn();
    endBeforeUpdate(first);
    endBeforeUpdate(second);
    expect(first).not.toHaveBeenCalled();
    endAllBeforeUpdate();
    endAllBeforeUpdate();
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).toHaveBeenCalledTimes(1);
  });
});
