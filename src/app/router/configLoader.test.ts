import { beforeEach, describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { config, fail, fakeApi, ok, type Handler } from '../testing/fakeApi.ts';
import { CONFIG_KEY } from '../storage/local.ts';
import { createConfigLoader, rememberedConfig } from './configLoader.ts';

function setup(handler: Handler, hold: readonly string[] = []) {
  const api = fakeApi({ 'common/config': handler }, { hold });
  const client = createApiClient({ base: '/api', timeout: 10_000, fetch: api.fetch, token: () => null, lang: () => 'en', onUnauthorized: () => undefined });
  const doc = { title: 'before' };
  return { api, load: createConfigLoader(client, doc), doc };
}

beforeEach(() => localStorage.removeItem(CONFIG_KEY));

describe('config before navigation', () => {
  it('sets the title to web_name when the code is 0', async () => {
    const { load, doc } = setup(() => ok({ ...config, web_name: 'Brand X' }));
    await expect(load()).resolves.toMatchObject({ web_name: 'Brand X' });
    expect(doc.title).toBe('Brand X');
  });

  it('leaves the title alone when the answer is not code 0, and never rejects', async () => {
    const { load, doc } = setup(() => fail(500, 5000, 'error.internal'));
    await expect(load()).resolves.toBeNull();
    expect(doc.title).toBe('before');
  });

  it('shares one request between overlapping calls, and asks again afterwards', async () => {
    const { api, load } = setup(() => ok(config), ['common/config']);
    const a = load();
    const b = load();
    // The first call's request has arrived and is unanswered while the second call joins it.
    (await api.nextRequest('common/config')).release();
    await Promise.all([a, b]);
    expect(api.count('common/config')).toBe(1);
    const c = load();
    (await api.nextRequest('common/config')).release();
    await c;
    expect(api.count('common/config')).toBe(2);
  });

  it('remembers the last config that arrived for the next visit, and nothing from a failed answer', async () => {
    expect(rememberedConfig()).toBeNull();
    await setup(() => fail(500, 5000, 'error.internal')).load();
    expect(rememberedConfig()).toBeNull();
    await setup(() => ok({ ...config, web_name: 'Brand Y' })).load();
    expect(rememberedConfig()).toMatchObject({ web_name: 'Brand Y', minWithdraw: config.minWithdraw });
  });

  it('ignores a remembered copy of another shape or broken JSON', () => {
    localStorage.setItem(CONFIG_KEY, JSON.stringify({ ...config, minWithdraw: 10 }));
    expect(rememberedConfig()).toBeNull();
    localStorage.setItem(CONFIG_KEY, '{"web_name":');
    expect(rememberedConfig()).toBeNull();
    localStorage.setItem(CONFIG_KEY, 'null');
    expect(rememberedConfig()).toBeNull();
  });
});
