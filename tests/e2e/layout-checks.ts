import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';

/**
 * What the layout check reports: text cut off inside its box (overflow hidden or an ellipsis with
 * scrollWidth > clientWidth), anything reaching past the viewport, and a page wider than the viewport.
 * Children of a sideways scroller (a tab row, a table wrapper) or of a clipping box (the announcement ticker's
 * marquee) are allowed past the edge: they scroll inside it and never widen the page. Visually hidden text
 * (1 px boxes for screen readers) is clipped on purpose.
 */
export async function findOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    const viewport = root.clientWidth;
    if (root.scrollWidth > viewport + 1) problems.push(`page is ${root.scrollWidth}px wide in a ${viewport}px viewport`);
    const describe = (el: Element) => {
      const cls = typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${cls} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
    };
    const contains = (el: Element) => getComputedStyle(el).overflowX !== 'visible';
    const insideContainer = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body && p !== root; p = p.parentElement) if (contains(p)) return true;
      return false;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const s = getComputedStyle(el);
      if (s.display === 'none' || s.visibility === 'hidden' || s.opacity === '0') continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      // A canvas (charts, QR codes) draws inside its own box; its text is not DOM text.
      if (el.closest('canvas, svg')) continue;
      const hasText = Array.from(el.childNodes).some((n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '');
      const clips = s.overflowX === 'hidden' || s.overflowX === 'clip' || s.textOverflow === 'ellipsis';
      const visuallyHidden = el.clientWidth <= 1 || el.clientHeight <= 1;
      if (hasText && clips && !visuallyHidden && el.scrollWidth > el.clientWidth + 1) problems.push(`clipped: ${describe(el)} (${el.scrollWidth} > ${el.clientWidth})`);
      if ((box.right > viewport + 1 || box.left < -1) && !insideContainer(el)) problems.push(`past the viewport: ${describe(el)} (${Math.round(box.left)}..${Math.round(box.right)})`);
    }
    return problems;
  });
}

interface AxeResult {
  readonly passes: readonly unknown[];
  readonly violations: readonly { id: string; impact: string | null; help: string; nodes: readonly { target: readonly unknown[] }[] }[];
}

const axePath = createRequire(import.meta.url).resolve('axe-core');

/** axe-core (from npm) in the page; returns the serious and critical violations, one line each. */
export async function seriousAxeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate(() => 'axe' in window);
  if (!loaded) await page.addScriptTag({ path: axePath });
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: Document, opts: object) => Promise<unknown> } }).axe;
    return (await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] } })) as AxeResult;
  });
  // A run that checked nothing would pass silently; make it fail loudly instead.
  if (result.passes.length === 0) return ['axe checked nothing on this page'];
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact ?? ''} ${v.id}: ${v.help} at ${v.nodes.map((n) => n.target.join(' ')).slice(0, 3).join(', ')}`);
}
