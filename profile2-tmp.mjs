// inclusive time per function (our chunks), cold load, optional CPU throttle
import { chromium, request } from '/work/main/node_modules/playwright/index.mjs';
const [base, path, secs = '4', rate = '1'] = process.argv.slice(2);
const api = await request.newContext({ ignoreHTTPSErrors: true });
const token = (await (await api.post(new URL('api/user/login', base).toString(), { data: { username: 'demo', password: 'demo1234' } })).json()).data?.accessToken;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, serviceWorkers: 'block' });
await ctx.addInitScript(`localStorage.setItem('accessToken', ${JSON.stringify(token)})`);
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rate) });
await cdp.send('Profiler.enable'); await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
await page.goto(new URL(path, base).toString());
await page.waitForTimeout(Number(secs) * 1000);
const { profile } = await cdp.send('Profiler.stop');
await browser.close(); await api.dispose();
const byId = new Map(profile.nodes.map(n => [n.id, n]));
const parent = new Map(); for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map(); const filt = new RegExp(process.env.FILTER ?? '.');
for (let i = 0; i < profile.samples.length; i++) {
  const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
  const seen = new Set();
  for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
    const cf = byId.get(id).callFrame; if (!cf.url) continue;
    const key = `${cf.functionName || '(anon)'} ${cf.url.replace(/^https?:\/\/[^/]+\/assets\//, '')}:${cf.lineNumber}`;
    if (seen.has(key)) continue; seen.add(key);
    incl.set(key, (incl.get(key) ?? 0) + dt);
  }
}
for (const [k, v] of [...incl].filter(([k]) => filt.test(k)).sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 50))) console.log(v.toFixed(1).padStart(7), k);
