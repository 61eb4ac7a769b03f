import type { Candle } from '../streams/messages.ts';

/** What the first view (`chart-preview.ts`) and the full chart share, so the one that replaces the other looks alike. */
export interface ChartTheme {
  readonly background: string;
  readonly text: string;
  readonly grid: string;
  readonly up: string;
  readonly down: string;
  /**
   * The page's own font list: the axis labels are in the app's face, and the first label's measure finds every
   * family already looked up by the page (the library's default list cost a fresh lookup in the chart's first frame).
   */
  readonly fontFamily: string;
}

/** Bars in view after a reset. */
export const VISIBLE_BARS = 60;
/** Empty bar slots right of the newest bar in that view. */
export const RIGHT_SLOTS = 2;
/** The candles' share of the pane: the volume sits in the bottom fifth, under them. */
export const CANDLE_MARGINS = { top: 0.1, bottom: 0.25 } as const;
export const VOLUME_MARGINS = { top: 0.8, bottom: 0 } as const;
/** The axes' labels (lightweight-charts' default size). */
export const FONT_SIZE = 12;

type RiseFallColors = Pick<ChartTheme, 'up' | 'down'>;

/** The colour of a rise or a fall: a candle's, an order's direction's. */
export const directionColor = (direction: 'rise' | 'fall', colors: RiseFallColors): string => (direction === 'rise' ? colors.up : colors.down);

/** A candle's colour: up when it closed at or above its open. */
export const barColor = (bar: Candle, colors: RiseFallColors): string => directionColor(bar.close >= bar.open ? 'rise' : 'fall', colors);

/** A volume bar's colour: its candle's, half transparent. */
export const volumeColor = (bar: Candle, theme: ChartTheme): string => `${barColor(bar, theme)}80`;

/**
 * The axis's prices at the product's precision with the member's decimal mark, as the screen writes its prices
 * (no grouping: the axis stays narrow). Plain toFixed, not Intl: a first Intl number format in the chart's first
 * frame would load the language's number data there.
 */
export const axisPriceFormatter =
  (decimals: number, decimalMark: string) =>
  (price: number): string =>
    price.toFixed(decimals).replace('.', decimalMark);
