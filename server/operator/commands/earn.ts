import { asc, desc, eq } from 'drizzle-orm';
import { earnProducts } from '../../db/schema/earn.ts';
import { accrueDue } from '../../earn/accrual.ts';
import { dayEnd, dayStart, utcDay } from '../../earn/days.ts';
import { cents, fromCents, fromPpm } from '../../../src/shared/money.ts';
import { parseArgs, UsageError, type OperatorCommand } from '../registry.ts';

const accrue: OperatorCommand = {
  name: 'accrue',
  usage: '[--date YYYY-MM-DD]',
  help: 'Pays every earning day that has ended by the end of that UTC date (default: up to now), and returns matured principal. Safe to repeat: each day is paid once.',
  async run(deps, args) {
    const { flags, words } = parseArgs(args);
    if (words.length > 0 || Object.keys(flags).some((f) => f !== 'date')) throw new UsageError('accrue takes only --date');
    const now = deps.clock.now();
    let until = now;
    if (flags['date'] !== undefined) {
      const start = dayStart(flags['date']);
      if (start === null) throw new UsageError(`Not a date: ${flags['date']} (want YYYY-MM-DD)`);
      until = dayEnd(start);
    }
    const s = await accrueDue(deps.db, until, now, (m) => console.error(m));
    const head = `Accrued through ${new Date(until).toISOString()}: ${s.records} daily profits (${fromCents(s.profit)} ${deps.config.CURRENCY}) on ${s.holdings} holdings, ${s.matured} matured.`;
    if (s.failed > 0) throw new Error(`${head} ${s.failed} holdings failed; see the log and run again.`);
    // A future date is allowed on purpose (demos and tests move through days this way), but never silently.
    const early = until > now && (s.records > 0 || s.matured > 0);
    return early ? `${head}\nNote: the server clock is still on ${utcDay(now)}; what fell due after now was paid ahead of time.` : head;
  },
};

const products: OperatorCommand = {
  name: 'earn-products',
  usage: '',
  help: 'Lists wealth products and lock-up pledges with their terms and whether they are on sale.',
  async run(deps) {
    const rows = await deps.db.select().from(earnProducts).orderBy(desc(earnProducts.family), asc(earnProducts.sort), asc(earnProducts.id));
    if (rows.length === 0) return 'No earning products.';
    return rows
      .map((p) => {
        const label = p.pledgeCurrency ? ` [${p.pledgeCurrency}]` : '';
        return `#${p.id} ${p.family}${label} "${p.names.en}": ${fromPpm(p.dailyRatePpm)}/day, ${p.cycleDays} days, ${fromCents(cents(p.minAmount))}-${fromCents(cents(p.maxAmount))} ${deps.config.CURRENCY}, ${p.onSale ? 'on sale' : 'NOT on sale'}`;
      })
      .join('\n');
  },
};

const sale: OperatorCommand = {
  name: 'earn-sale',
  usage: '<product id> on|off',
  help: 'Puts an earning product on sale or takes it off. Holdings already bought keep earning on their own terms.',
  async run(deps, args) {
    const [idText, state] = parseArgs(args).words;
    const id = Number(idText);
    if (!Number.isSafeInteger(id) || id <= 0 || (state !== 'on' && state !== 'off')) throw new UsageError('want a product id and on or off');
    const [row] = await deps.db.update(earnProducts).set({ onSale: state === 'on' }).where(eq(earnProducts.id, id)).returning({ id: earnProducts.id });
    if (!row) throw new Error(`No earning product #${id}`);
    return `Product #${id} is ${state === 'on' ? 'on sale' : 'off sale'}.`;
  },
};

export const earnCommands: OperatorCommand[] = [accrue, products, sale];
