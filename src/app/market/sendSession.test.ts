import { describe, expect, it } from 'vitest';
import type { Session } from '../../workers/api.ts';
import { adoptMarketWorker, sendSession, type MarketWorker } from './marketWorker.ts';

/** A stand-in for the comlink remote that records what would have crossed to the worker. */
function recordingWorker() {
  const sent: Session[] = [];
  const remote = {
    setUnauthorizedHandler: () => Promise.resolve(),
    setVisible: () => Promise.resolve(),
    setSession: (session: Session) => {
      sent.push(session);
      return Promise.resolve();
    },
  };
  return { sent, worker: adoptMarketWorker(remote as unknown as MarketWorker) };
}

const session: Session = { apiBase: 'https://app.example/api', token: 'tok-1', lang: 'en' };

describe('sendSession', () => {
  it('sends a session once however many screens state it, and again when it changes', () => {
    const { sent, worker } = recordingWorker();
    sendSession(worker, session);
    sendSession(worker, { ...session });
    sendSession(worker, { ...session });
    expect(sent).toEqual([session]);
    sendSession(worker, { ...session, lang: 'vn' });
    sendSession(worker, { ...session, lang: 'vn', token: null });
    sendSession(worker, { ...session, lang: 'vn', token: null });
    expect(sent.map((s) => [s.token, s.lang])).toEqual([
      ['tok-1', 'en'],
      ['tok-1', 'vn'],
      [null, 'vn'],
    ]);
  });

  it('sends the session again to a worker adopted afresh', () => {
    const first = recordingWorker();
    sendSession(first.worker, session);
    const second = recordingWorker();
    sendSession(second.worker, session);
    expect(first.sent).toHaveLength(1);
    expect(second.sent).toHaveLength(1);
  });
});
