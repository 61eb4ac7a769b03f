// The countdown board on a real page: text goes into visible nodes only, once per frame, from batches.
import { afterEach, describe, expect, it } from 'vitest';
import type { CountdownEvent } from '../../workers/api.ts';
import { createCountdownBoard } from './countdownBoard.ts';

const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

function fakeWorker() {
  const state: { send: ((e: CountdownEvent) => void) | null; unsubscribed: number[] } = { send: null, unsubscribed: [] };
  return {
    state,
    worker: {
      watchCountdown: async (callback: (e: CountdownEvent) => void) => {
        state.send = callback;
        return 7;
      },
      unsubscribe: async (handle: number): Promise<void> => {
        state.unsubscribed.push(handle);
      },
    },
  };
}

let box: HTMLDivElement | null = null;
afterEach(() => box?.remove());

function rows(count: number): HTMLSpanElement[] {
  box = document.createElement('div');
  document.body.append(box);
  return Array.from({ length: count }, () => {
    const row = document.createElement('div');
    row.style.height = '100px';
    const span = document.createElement('span');
    row.append(span);
    box?.append(row);
    return span;
  });
}

const batch = (ids: number[], remainingMs: number[]): CountdownEvent => ({ kind: 'tick', at: 0, ids: Int32Array.from(ids), remainingMs: Int32Array.from(remainingMs) });

describe('countdown board', () => {
  it('writes remaining times into visible nodes only, and stops listening when the last node leaves', async () => {
    const { state, worker } = fakeWorker();
    const board = createCountdownBoard(() => worker);
    board.setLabels({ settling: 'Settling' });
    const nodes = rows(1000);
    const unregister = nodes.map((node, i) => board.register(node, i + 1));
    await expect.poll(() => state.send !== null).toBe(true);
    await frame();
    const ids = nodes.map((_, i) => i + 1);
    state.send?.(batch(ids, ids.map((id) => id * 1000 + 500)));
    await frame();
    // 640 px of 100 px rows: about 7 visible.
    expect(board.counts().visible).toBeLessThanOrEqual(8);
    expect(nodes[0]?.textContent).toBe('0:02');
    expect(nodes[5]?.textContent).toBe('0:07');
    expect(nodes[999]?.textContent).toBe('');
    expect(nodes.filter((n) => n.textContent !== '').length).toBe(board.counts().visible);

    state.send?.({ kind: 'due', at: 0, ids: [1] });
    await frame();
    expect(nodes[0]?.textContent).toBe('Settling');

    nodes[999]?.scrollIntoView();
    await frame();
    await frame();
    expect(nodes[999]?.textContent).toBe('16:41');

    unregister.forEach((done) => done());
    await expect.poll(() => state.unsubscribed).toEqual([7]);
  });
});
