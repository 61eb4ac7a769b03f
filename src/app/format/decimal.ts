/** A language's marks: between groups of three digits, and before the fraction. */
export interface DecimalMarks {
  readonly group: string;
  readonly decimal: string;
}

const DECIMAL = /^(-?)(\d+)(?:\.(\d+))?$/;

/**
 * Formats a decimal string exactly, in plain string arithmetic: rounded half away from zero to at most
 * `maxFraction` digits, padded to at least `minFraction`, grouped by three. Intl.NumberFormat with signDisplay
 * 'negative' gives the same text (format.test.ts checks it digit for digit) but its first use loads the locale's
 * number data, a task of about 100 ms on a slow phone, on every first screen. Returns null for anything that is
 * not a decimal.
 */
export function formatDecimalString(value: string, marks: DecimalMarks, minFraction: number, maxFraction: number): string | null {
  const m = DECIMAL.exec(value);
  if (!m) return null;
  const negative = m[1] === '-';
  let digits = (m[2] ?? '0') + (m[3] ?? '');
  let scale = (m[3] ?? '').length;
  if (scale > maxFraction) {
    const cut = digits.length - (scale - maxFraction);
    const roundUp = (digits.charCodeAt(cut) - 48) >= 5;
    digits = digits.slice(0, cut);
    if (roundUp) digits = increment(digits);
    scale = maxFraction;
  }
  // Trailing fraction zeros beyond the minimum go, as Intl drops them.
  while (scale > minFraction && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale -= 1;
  }
  digits = digits.padStart(scale + 1, '0');
  const whole = digits.slice(0, digits.length - scale).replace(/^0+(?=\d)/, '');
  const fraction = digits.slice(digits.length - scale).padEnd(minFraction, '0');
  const grouped = group(whole, marks.group);
  // What rounds to zero has no sign: a member never reads "-0.00" (Intl's signDisplay 'negative').
  const shownNegative = negative && /[1-9]/.test(digits);
  return `${shownNegative ? '-' : ''}${grouped}${fraction ? marks.decimal + fraction : ''}`;
}

const PLAIN: DecimalMarks = { group: '', decimal: '.' };

/**
 * The sign a member reads on `value` shown to at most `places` decimals: -1, 1, or 0 when it rounds to zero
 * ("-0.001" at 2 places is 0). Null for anything that is not a decimal.
 */
export function shownSign(value: string, places: number): -1 | 0 | 1 | null {
  const shown = formatDecimalString(value, PLAIN, 0, places);
  if (shown === null) return null;
  if (!/[1-9]/.test(shown)) return 0;
  return shown.startsWith('-') ? -1 : 1;
}

/** Adds one to a string of digits ("199" -> "200", "99" -> "100"). */
function increment(digits: string): string {
  const out = digits.split('');
  for (let i = out.length - 1; i >= 0; i--) {
    if (out[i] !== '9') {
      out[i] = String(Number(out[i]) + 1);
      return out.join('');
    }
    out[i] = '0';
  }
  return `1${out.join('')}`;
}

function group(whole: string, mark: string): string {
  if (whole.length <= 3) return whole;
  const head = whole.length % 3 || 3;
  let out = whole.slice(0, head);
  for (let i = head; i < whole.length; i += 3) out += mark + whole.slice(i, i + 3);
  return out;
}
