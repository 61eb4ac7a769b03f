/** "6222020200112233" -> "**** 2233": enough for the member to recognise the card, useless to anyone else. */
export const maskCard = (cardNumber: string) => `**** ${cardNumber.slice(-4)}`;

/** "AB1234567" -> "AB*****67": the first and last two characters stay. */
export function maskIdNumber(idNumber: string): string {
  if (idNumber.length <= 4) return '*'.repeat(idNumber.length);
  return idNumber.slice(0, 2) + '*'.repeat(idNumber.length - 4) + idNumber.slice(-2);
}
