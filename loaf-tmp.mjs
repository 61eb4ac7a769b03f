// node loaf.mjs <base> <path> [rate] : cold load with CPU throttling; long animation frames (>= 30 ms) with script attribution
import { chromium, request } from '/work/main/node_modules/playwright/index.mjs';
const [base, path, rate = '4'] = process.argv.slice(2);
const api = await request.newContext({ ignoreHTTPSErrors: true });
const res = await api.post(new URL('api/user/login', base).toString(), { data: { username: 'demo', password: 'demo1234' } });
const token = (await res.json()).data?.accessToken;
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: 360, height: 640 }, serviceWorkers: 'block', ignoreHTTPSErrors: true });
await ctx.addInitScript(`localStorage.setItem('accessToken', ${JSON.stringify(token)});
window.__loaf = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__loaf.push(e.toJSON()); }).observe({ type: 'long-animation-frame', buffered: true });
window.__lt = []; new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lt.push({ start: e.startTime, dur: e.duration }); }).observe({ type: 'longtask', buffered: true });`);
const page = await ctx.newPage();
const cdp = await ctx.newCDPSession(page);
await cdp.send('Emulation.setCPUThrottlingRate', { rate: Number(rate) });
await page.goto(new URL(path, base).toString());
await page.waitForTimeout(5000);
const loaf = await page.evaluate(() => window.__loaf);
const lt = await page.evaluate(() => window.__lt);
console.log('longtasks:', lt.map(t => `${Math.round(t.start)}+${Math.round(t.dur)}`).join(' '));
for (const f of loaf.filter(f => f.duration >= 30)) {
  console.log(`LoAF @${Math.round(f.startTime)} ${Math.round(f.duration)} ms (block ${Math.round(f.blockingDuration)}, render ${Math.round(f.renderStart ? f.startTime + f.duration - f.renderStart : 0)}, style+layout ${Math.round(f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0)})`);
  for (const s of f.scripts) console.log(`   ${Math.round(s.duration)} ms ${s.invokerType} ${s.invoker} ${s.sourceFunctionName || ''} ${String(s.sourceURL).replace(/^https?:\/\/[^/]+/, '')}:${s.sourceCharPosition} forced ${Math.round(s.forcedStyleAndLayoutDuration)} pause ${Math.round(s.pauseDuration)}`);
}
await browser.close(); await api.dispose();
