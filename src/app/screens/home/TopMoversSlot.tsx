/**
 * Slot for the live top movers (decisions.md: product/list). Issue 3 fills it from the market worker;
 * until then it shows nothing rather than invented prices.
 */
export function TopMoversSlot() {
  return null;
}
