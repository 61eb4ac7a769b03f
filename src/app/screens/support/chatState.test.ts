import { describe, expect, it } from 'vitest';
import { chatReducer, initialChat, type ChatAction, type ChatState } from './chatState.ts';
import { validateMessage } from './limits.ts';

const m = (id: number, from: 'member' | 'support' = 'support', body = `m${id}`) => ({ id, from, body, createdAt: id });
const play = (...actions: ChatAction[]): ChatState => actions.reduce(chatReducer, initialChat);
const view = (s: ChatState) => s.messages.map((x) => `${x.id ?? '-'}:${x.body}:${x.status}`);

describe('chat state', () => {
  it('merges polled pages by id, in id order, ignoring repeats', () => {
    const s = play({ type: 'received', items: [m(2), m(1)] }, { type: 'received', items: [m(2), m(3)] });
    expect(view(s)).toEqual(['1:m1:sent', '2:m2:sent', '3:m3:sent']);
    expect(s.loaded).toBe(true);
  });

  it('shows my message at once and replaces it with the stored copy, keeping its row key', () => {
    const s = play({ type: 'received', items: [m(1)] }, { type: 'queued', key: 'k', body: 'hi', at: 5 });
    expect(view(s)).toEqual(['1:m1:sent', '-:hi:sending']);
    const sent = chatReducer(s, { type: 'sent', key: 'k', message: m(2, 'member', 'hi') });
    expect(view(sent)).toEqual(['1:m1:sent', '2:hi:sent']);
    expect(sent.messages[1]?.key).toBe('k');
  });

  it('drops the optimistic copy when a poll delivered the stored one first', () => {
    const s = play(
      { type: 'queued', key: 'k', body: 'hi', at: 5 },
      { type: 'received', items: [m(7, 'member', 'hi')] },
      { type: 'sent', key: 'k', message: m(7, 'member', 'hi') },
    );
    expect(view(s)).toEqual(['7:hi:sent']);
  });

  it('keeps a failed message with its reason until a retry', () => {
    const s = play({ type: 'queued', key: 'k', body: 'hi', at: 5 }, { type: 'failed', key: 'k', failure: 'error.network' });
    expect(s.messages[0]).toMatchObject({ status: 'failed', failure: 'error.network', body: 'hi' });
    expect(chatReducer(s, { type: 'retrying', key: 'k' }).messages[0]).toMatchObject({ status: 'sending', failure: null });
  });

  it('measures the limit like the server: trimmed, 1000 characters', () => {
    expect(validateMessage('   ')).toBe('kf.empty');
    expect(validateMessage(` ${'x'.repeat(1000)} `)).toBeNull();
    expect(validateMessage('x'.repeat(1001))).toBe('error.message_too_long');
  });
});
