type Listener = (settleTime: number) => void;

/**
 * In-process news from the request path to the market's background jobs: an order was placed, so settlement
 * can set its timer for that order's settle time at once instead of finding it on its next sweep.
 */
export class MarketSignals {
  private readonly placed = new Set<Listener>();

  orderPlaced(settleTime: number): void {
    for (const listener of this.placed) listener(settleTime);
  }

  /** Answers a function that stops listening. */
  onOrderPlaced(listener: Listener): () => void {
    this.placed.add(listener);
    return () => this.placed.delete(listener);
  }
}
