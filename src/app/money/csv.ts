/**
 * RFC 4180 cells: quoted when they hold a comma, quote or line break. A cell a spreadsheet could run as a
 * formula (leading =, +, -, @, tab or carriage return) is defused with a leading apostrophe; a plain negative
 * number such as -10.00 stays a number.
 */
export function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) && !/^-\d+(\.\d+)?$/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A CSV text with a BOM, so spreadsheet apps read non-Latin headers (vn, zn) as UTF-8. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  return '\uFEFF' + rows.map((r) => r.map(cell).join(',')).join('\r\n') + '\r\n';
}
