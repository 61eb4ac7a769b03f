import { afterEach, describe, expect, it } from 'vitest';
import { askForHandover } from './askForHandover.ts';

describe('askForHandover', () => {
  afterEach(() => {
    for (const frame of document.querySelectorAll('iframe')) frame.remove();
  });

  it('points one hidden frame, out of the accessibility tree, at a new URL of the handover path each time', () => {
    askForHandover();
    askForHandover();
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0];
    expect(frame?.hidden).toBe(true);
    expect(frame?.getAttribute('aria-hidden')).toBe('true');
    const first = new URL(frame?.src ?? '');
    expect(first.pathname).toBe('/api/service-worker-handover');
    askForHandover();
    expect(new URL(frame?.src ?? '').search).not.toBe(first.search);
  });
});
