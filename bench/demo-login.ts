// The demo member's access token on a server running in demo mode (the benchmarks' and tools' logged-in loads).
import { request } from 'playwright';
import { DEMO } from '../server/seed.ts';

export async function demoToken(base: string): Promise<string> {
  const api = await request.newContext({ ignoreHTTPSErrors: true });
  const res = await api.post(new URL('api/user/login', base).toString(), { data: { username: DEMO.username, password: DEMO.password } });
  const json = (await res.json()) as { code: number; msg: string; data?: { accessToken?: string } };
  await api.dispose();
  if (json.code !== 0 || !json.data?.accessToken) throw new Error(`demo login failed: ${json.msg}`);
  return json.data.accessToken;
}
