/** A clock's field in two digits: 5 -> "05". */
export const twoDigits = (n: number): string => (n < 10 ? `0${n}` : String(n));
