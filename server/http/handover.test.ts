import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { HANDOVER_PATH } from '../../src/contract/handover.ts';
import { handoverRoute } from './handover.ts';

describe('the service worker handover path', () => {
  it('answers a navigation with 204 and no body, never stored, whatever its query', async () => {
    const app = new Hono();
    handoverRoute(app);
    const res = await app.request(`${HANDOVER_PATH}?n=3`, { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(204);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toBe('');
  });
});
