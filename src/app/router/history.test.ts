import { describe, expect, it } from 'vitest';
import { createBrowserHistory, createMemoryHistory, createPath, type HistoryUpdate } from './history.ts';

describe('memory history', () => {
  it('pushes, replaces and goes back and forward, each heard with its action; the first entry is "default"', () => {
    const history = createMemoryHistory(['/hq']);
    const heard: string[] = [];
    const stop = history.listen(({ action, location }) => heard.push(`${action} ${createPath(location)} ${String(location.state)}`));
    expect(history.location.key).toBe('default');
    history.push('/xq?id=12', 'opened');
    history.replace({ pathname: '/xq', search: '?id=12&sheet=rise' });
    history.go(-1);
    history.go(-1); // nothing before the first entry: not heard
    history.go(1);
    stop();
    history.push('/my');
    expect(heard).toEqual(['PUSH /xq?id=12 opened', 'REPLACE /xq?id=12&sheet=rise null', 'POP /hq null', 'POP /xq?id=12&sheet=rise null']);
    expect(history.location.pathname).toBe('/my');
  });
});

describe('browser history', () => {
  it("writes the page's URL, keeps each entry's state and key, and hears Back", async () => {
    const start = createPath(window.location);
    const history = createBrowserHistory();
    const popped = new Promise<HistoryUpdate>((resolve) => {
      const stop = history.listen((update) => {
        if (update.action !== 'POP') return;
        stop();
        resolve(update);
      });
    });
    history.push('/orderrecord?tab=history', { from: 'test' });
    const pushed = history.location;
    expect(window.location.pathname + window.location.search).toBe('/orderrecord?tab=history');
    expect(pushed.state).toEqual({ from: 'test' });
    expect(pushed.key).not.toBe('default');
    history.push('/my');
    history.go(-1);
    const back = await popped;
    expect(back.location).toEqual(pushed);
    history.replace(start);
  });
});
