/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for tests that scrape the metrics listener:
 * prom-client writes the format but cannot read it. Anything outside the format throws, naming the line: a
 * sample before its family's TYPE, a malformed label set or value, a series twice, a histogram whose buckets do
 * not add up.
 */
export type MetricType = 'counter' | 'gauge' | 'histogram' | 'summary' | 'untyped';

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly type: MetricType;
  readonly help: string;
  readonly samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const LABEL_NAME = /^[a-zA-Z_][a-zA-Z0-9_]*$/;
const TYPES = new Set<string>(['counter', 'gauge', 'histogram', 'summary', 'untyped']);
const SUFFIXES: Partial<Record<MetricType, readonly string[]>> = { histogram: ['_bucket', '_sum', '_count'], summary: ['_sum', '_count', ''] };

/** A value as Go's ParseFloat reads it (what Prometheus uses): its special values in any case (prom-client writes "Nan"). */
function parseValue(text: string, where: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Number.POSITIVE_INFINITY;
  if (/^-inf(inity)?$/i.test(text)) return Number.NEGATIVE_INFINITY;
  if (/^nan$/i.test(text)) return Number.NaN;
  if (!/^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(text)) throw new Error(`${where}: bad value "${text}"`);
  return Number(text);
}

/** `{a="x",b="y\"z"}` from `at` (the brace): the labels and where the set ends. */
function parseLabels(line: string, at: number, where: string): { labels: Record<string, string>; end: number } {
  const labels: Record<string, string> = {};
  let i = at + 1;
  for (;;) {
    if (line[i] === '}') return { labels, end: i + 1 };
    const eq = line.indexOf('=', i);
    if (eq < 0) throw new Error(`${where}: label without =`);
    const name = line.slice(i, eq);
    if (!LABEL_NAME.test(name)) throw new Error(`${where}: bad label name "${name}"`);
    if (name in labels) throw new Error(`${where}: label ${name} twice`);
    if (line[eq + 1] !== '"') throw new Error(`${where}: label ${name} not quoted`);
    let value = '';
    let j = eq + 2;
    for (;;) {
      const ch = line[j];
      if (ch === undefined) throw new Error(`${where}: unterminated label value`);
      if (ch === '"') break;
      if (ch === '\\') {
        const next = line[j + 1];
        if (next === '\\' || next === '"') value += next;
        else if (next === 'n') value += '\n';
        else throw new Error(`${where}: bad escape \\${next ?? ''}`);
        j += 2;
      } else {
        value += ch;
        j += 1;
      }
    }
    labels[name] = value;
    i = j + 1;
    if (line[i] === ',') i += 1;
    else if (line[i] !== '}') throw new Error(`${where}: expected , or } after label ${name}`);
  }
}

export function parsePrometheusText(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const seen = new Set<string>();
  if (text !== '' && !text.endsWith('\n')) throw new Error('the exposition must end with a newline');
  const lines = text.split('\n');
  lines.pop();
  lines.forEach((line, index) => {
    const where = `line ${index + 1}`;
    if (line === '') return;
    if (line.startsWith('#')) {
      const m = /^# (HELP|TYPE) (\S+) ?(.*)$/.exec(line);
      if (!m) return; // a plain comment
      const [, kind, name = '', rest = ''] = m;
      if (!NAME.test(name)) throw new Error(`${where}: bad metric name "${name}"`);
      const known = families.get(name);
      if (kind === 'TYPE') {
        if (!TYPES.has(rest)) throw new Error(`${where}: unknown type "${rest}"`);
        if (known && known.samples.length > 0) throw new Error(`${where}: TYPE of ${name} after its samples`);
        families.set(name, { name, type: rest as MetricType, help: known?.help ?? '', samples: known?.samples ?? [] });
      } else {
        families.set(name, { name, type: known?.type ?? 'untyped', help: rest.replace(/\\n/g, '\n').replace(/\\\\/g, '\\'), samples: known?.samples ?? [] });
      }
      return;
    }
    const nameEnd = line.search(/[{ ]/);
    if (nameEnd <= 0) throw new Error(`${where}: no sample name`);
    const name = line.slice(0, nameEnd);
    if (!NAME.test(name)) throw new Error(`${where}: bad sample name "${name}"`);
    let labels: Record<string, string> = {};
    let i = nameEnd;
    if (line[i] === '{') ({ labels, end: i } = parseLabels(line, i, where));
    if (line[i] !== ' ') throw new Error(`${where}: expected a space before the value`);
    const parts = line.slice(i + 1).split(' ');
    if (parts.length < 1 || parts.length > 2 || (parts[1] !== undefined && !/^-?\d+$/.test(parts[1]))) throw new Error(`${where}: bad value or timestamp`);
    const value = parseValue(parts[0] ?? '', where);
    const family = [...families.values()].find((f) => f.name === name || (SUFFIXES[f.type] ?? []).some((s) => s !== '' && f.name + s === name));
    if (!family) throw new Error(`${where}: sample ${name} has no TYPE or HELP before it`);
    const series = `${name}${JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)))}`;
    if (seen.has(series)) throw new Error(`${where}: series ${series} twice`);
    seen.add(series);
    if (family.type === 'counter' && !(value >= 0)) throw new Error(`${where}: counter ${name} below 0`);
    family.samples.push({ name, labels, value });
  });
  for (const f of families.values()) if (f.type === 'histogram') checkHistogram(f);
  return families;
}

/** Each series' buckets rise with `le`, end at +Inf, and +Inf equals its _count. */
function checkHistogram(f: Family): void {
  const key = (labels: Readonly<Record<string, string>>) => JSON.stringify(Object.entries(labels).filter(([k]) => k !== 'le').sort(([a], [b]) => a.localeCompare(b)));
  const groups = new Map<string, Sample[]>();
  for (const s of f.samples) if (s.name === `${f.name}_bucket`) groups.set(key(s.labels), [...(groups.get(key(s.labels)) ?? []), s]);
  for (const [k, buckets] of groups) {
    const les = buckets.map((b) => parseValue(b.labels['le'] ?? 'missing', `${f.name}${k} le`));
    for (let i = 1; i < buckets.length; i++) {
      if (!((les[i] ?? 0) > (les[i - 1] ?? 0))) throw new Error(`${f.name}${k}: le not rising`);
      if ((buckets[i]?.value ?? 0) < (buckets[i - 1]?.value ?? 0)) throw new Error(`${f.name}${k}: bucket counts fall`);
    }
    if (les.at(-1) !== Number.POSITIVE_INFINITY) throw new Error(`${f.name}${k}: no +Inf bucket`);
    const count = f.samples.find((s) => s.name === `${f.name}_count` && key(s.labels) === k);
    if (count?.value !== buckets.at(-1)?.value) throw new Error(`${f.name}${k}: +Inf bucket differs from _count`);
  }
}

/** The value of the one sample `name` with exactly these labels (a histogram's le included); 0 when absent. */
export function valueOf(families: Map<string, Family>, name: string, labels: Readonly<Record<string, string>> = {}): number {
  const want = JSON.stringify(Object.entries(labels).sort(([a], [b]) => a.localeCompare(b)));
  for (const f of families.values()) {
    for (const s of f.samples) if (s.name === name && JSON.stringify(Object.entries(s.labels).sort(([a], [b]) => a.localeCompare(b))) === want) return s.value;
  }
  return 0;
}

/** Every sample of `name` (for sums over a label). */
export const samplesOf = (families: Map<string, Family>, name: string): Sample[] => [...families.values()].flatMap((f) => f.samples.filter((s) => s.name === name));
