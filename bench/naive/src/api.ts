// Naive on purpose: every request and its JSON parse run on the main thread.
import type { ApiPath, Req, Res } from '../../../src/contract/api.ts';

const TOKEN_KEY = 'accessToken';

/** Server time minus page time, from the last answer (one sample, no round-trip correction). */
export const clock = { offsetMs: 0 };

export async function post<P extends ApiPath>(path: P, body: Req<P>): Promise<Res<P>> {
  const sentAt = Date.now();
  const response = await fetch(`/api/${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: localStorage.getItem(TOKEN_KEY) ?? '', 'Accept-Language': 'en' },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { code: number; msg: string; data: Res<P> };
  if (json.code !== 0) throw new Error(`${path}: ${json.msg}`);
  const serverTime = (json.data as { serverTime?: unknown }).serverTime;
  if (typeof serverTime === 'number') clock.offsetMs = serverTime - (sentAt + Date.now()) / 2;
  return json.data;
}
