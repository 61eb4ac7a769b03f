// self time per function for a cold load at CPU throttle, plus inclusive time for a filter
import { chromium, request } from '/work/main/node_modules/playwright/index.mjs';
const [base, path, secs = '5', rate = '4'] = process.argv.slice(2);
const api = await request.newContext();
const token = (await (await api.post(new URL('api/user/login', base).toString(), { data: { username: 'demo', password: 'demo1234' } })).json()).data?.accessToken;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, deviceScaleFactor: 2.625, serviceWorkers: 'block' });
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
const self = new Map(), incl = new Map();
profile.samples.forEach((id, i) => {
  const d = (profile.timeDeltas[i] ?? 0) / 1000;
  const n = byId.get(id); const k = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber + 1}`;
  self.set(k, (self.get(k) ?? 0) + d);
  const seen = new Set(); let cur = id;
  while (cur !== undefined) { const c = byId.get(cur); const kk = `${c.callFrame.functionName || '(anon)'} ${c.callFrame.url.split('/').pop()}:${c.callFrame.lineNumber + 1}`; if (!seen.has(kk)) { seen.add(kk); incl.set(kk, (incl.get(kk) ?? 0) + d); } cur = parent.get(cur); }
});
const filt = new RegExp(process.env.FILTER ?? '.');
console.log('SELF'); console.log([...self].filter(([k]) => !/^\((idle|program)\)/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 30).map(([k, v]) => `${v.toFixed(1).padStart(7)} ${k}`).join('\n'));
console.log('INCL'); console.log([...incl].filter(([k]) => filt.test(k)).sort((a, b) => b[1] - a[1]).slice(0, 40).map(([k, v]) => `${v.toFixed(1).padStart(7)} ${k}`).join('\n'));
