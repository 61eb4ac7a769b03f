import { describe, expect, it } from 'vitest';
import { createApiClient } from '../api/client.ts';
import { config, fail, fakeApi, ok, type Handler } from '../testing/fakeApi.ts';
import { createConfigLoader } from './configLoader.ts';

function setup(handler: Handler) {
  const api = fakeApi({ 'common/config': handler });
  const client = createApiClient({ base: '/api', timeout: 10_000, fetch: api.fetch, token: () => null, lang: () => 'en', onUnauthorized: () => undefined });
  const doc = { title: 'before' };
  return { api, load: createConfigLoader(client, doc), doc };
}

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
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const { api, load } = setup(async () => {
      await gate;
      return ok(config);
    });
    const a = load();
    const b = load();
    release();
    await Promise.all([a, b]);
    expect(api.count('common/config')).toBe(1);
    await load();
    expect(api.count('common/config')).toBe(2);
  });
});
