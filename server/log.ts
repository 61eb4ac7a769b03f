/**
 * Structured logs: one JSON object per line on stderr (warn, error) or stdout (info), with every value passed
 * through `redact` first, so card numbers, addresses, PINs, passwords and tokens never reach a log file.
 */

/** Keys whose values are never logged, whatever they hold (compared without case, `_` or `-`). */
const SECRET_KEYS = [
  'password', 'oldpassword', 'newpassword', 'confirmpassword', 'loginpassword', 'paypassword', 'oldpaypassword',
  'newpaypassword', 'confirmpaypassword', 'pin', 'token', 'accesstoken', 'authorization', 'cookie', 'secret',
  'cardnumber', 'card', 'address', 'idnumber', 'front', 'back', 'receipt', 'phone',
];
const secretKey = (key: string) => {
  const k = key.toLowerCase().replace(/[_-]/g, '');
  return SECRET_KEYS.includes(k) || k.endsWith('password') || k.endsWith('token');
};

/** Patterns redacted inside any text: card-like digit runs, TRC20 addresses, bearer tokens, long hex/base64url. */
const SECRET_TEXT: readonly [RegExp, string][] = [
  // A failed query's message lists its parameters: the member's own data.
  [/params: [^\n]*/g, 'params: [redacted]'],
  [/Bearer\s+[A-Za-z0-9._~+/=-]+/gi, 'Bearer [redacted]'],
  [/\bT[1-9A-HJ-NP-Za-km-z]{33}\b/g, '[address]'],
  [/\b(?:\d[ -]?){12,19}\b/g, '[card]'],
  [/\b[A-Za-z0-9_-]{40,}\b/g, '[token]'],
];

export function redactText(text: string): string {
  let out = text;
  for (const [re, by] of SECRET_TEXT) out = out.replace(re, by);
  return out;
}

/** A copy of `value` safe to log; cycles and depth are cut. */
export function redact(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value instanceof Error) {
    const cause = value.cause === undefined ? {} : { cause: redact(value.cause, depth + 1) };
    return { name: value.name, message: redactText(value.message), stack: value.stack ? redactText(value.stack) : undefined, ...cause };
  }
  if (value === null || typeof value !== 'object') return value;
  if (depth > 6) return '[deep]';
  if (Array.isArray(value)) return value.slice(0, 50).map((v) => redact(v, depth + 1));
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = secretKey(k) ? '[redacted]' : redact(v, depth + 1);
  return out;
}

type Level = 'info' | 'warn' | 'error';
export type LogSink = (level: Level, line: string) => void;

const defaultSink: LogSink = (level, line) => (level === 'info' ? process.stdout : process.stderr).write(line + '\n');
let sink: LogSink = defaultSink;

/** Tests capture the lines; `undefined` restores stdout/stderr. */
export function setLogSink(next: LogSink | undefined): void {
  sink = next ?? defaultSink;
}

/** Values this server chose or checked (a request id from requestIdOf): written as they are, after the redacted fields. */
type Checked = Readonly<Record<string, string | number | undefined>>;

function write(level: Level, msg: string, fields?: Record<string, unknown>, checked?: Checked): void {
  const entry = { t: new Date().toISOString(), level, msg: redactText(msg), ...(fields ? (redact(fields) as Record<string, unknown>) : {}), ...checked };
  sink(level, JSON.stringify(entry));
}

/**
 * An info line made only of values this server chose or checked (route patterns, numbers, request ids checked by
 * requestIdOf): the fields skip the redaction. The access log writes one per request, and a generated UUID whose hex digits
 * happen to read like a card number must reach the log as it went out in X-Request-Id.
 */
export function logChecked(msg: string, fields: Checked): void {
  write('info', msg, undefined, fields);
}

export const log = {
  info: (msg: string, fields?: Record<string, unknown>) => write('info', msg, fields),
  warn: (msg: string, fields?: Record<string, unknown>) => write('warn', msg, fields),
  /**
   * `checked` skips the redaction: a generated request id whose hex digits read like a card number (11,493 of a million
   * random UUIDs) must reach the line as it went out in X-Request-Id.
   */
  error: (msg: string, fields?: Record<string, unknown>, checked?: Checked) => write('error', msg, fields, checked),
};
