import type { WireBar } from './inputs.ts';
import type { Candle } from './messages.ts';

/** Parses a wire bar once at the edge; a bar with any non-numeric field is refused (null) rather than drawn. */
export function parseBar(wire: WireBar): Candle | null {
  const candle: Candle = {
    time: wire[0],
    open: Number(wire[1]),
    high: Number(wire[2]),
    low: Number(wire[3]),
    close: Number(wire[4]),
    volume: Number(wire[5]),
  };
  const ok =
    Number.isFinite(candle.time) &&
    Number.isFinite(candle.open) &&
    Number.isFinite(candle.high) &&
    Number.isFinite(candle.low) &&
    Number.isFinite(candle.close) &&
    Number.isFinite(candle.volume);
  return ok ? candle : null;
}

export function sameCandle(a: Candle, b: Candle): boolean {
  return (
    a.time === b.time &&
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume
  );
}
