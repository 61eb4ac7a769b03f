/** The chart's label size (lightweight-charts' own default, set explicitly so the warm-up below matches it). */
export const CHART_FONT_SIZE = 12;

/** The fonts the chart's labels use: the axes' and the time axis's bold one for a new day. */
export function chartFonts(fontFamily: string): readonly string[] {
  return [`${CHART_FONT_SIZE}px ${fontFamily}`, `bold ${CHART_FONT_SIZE}px ${fontFamily}`];
}

/** The characters of prices and times on the axes. */
const LABEL_CHARACTERS = '0123456789.:-/ ';

/** The families already warmed in this page. */
const warmed = new Set<string>();

/**
 * Measures a label in each of the chart's fonts on a canvas of its own, one font per task (`later` runs the next),
 * so the font system's first work for them (their lookup and first shaping) is done in short tasks while the
 * library loads, not inside the chart's build and first frame, where it made those long tasks longer on a slow phone
 * (bench/chart-first-draw.ts). The canvas is never inserted, and nothing is measured that the chart would not measure.
 */
export function warmChartFonts(fontFamily: string, later: (step: () => void) => void = (step) => void setTimeout(step, 0)): void {
  if (warmed.has(fontFamily)) return;
  warmed.add(fontFamily);
  const context = document.createElement('canvas').getContext('2d');
  if (!context) return;
  const measure = (fonts: readonly string[]): void => {
    const [font, ...rest] = fonts;
    if (font === undefined) return;
    context.font = font;
    context.measureText(LABEL_CHARACTERS);
    if (rest.length > 0) later(() => measure(rest));
  };
  measure(chartFonts(fontFamily));
}
