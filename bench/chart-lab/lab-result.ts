/** What the chart lab page (src/main.ts) gives bench/chart-first-draw.ts for one chart. */
export interface LabResult {
  /** The build's own task: the chart made and the reset put in. */
  readonly buildMs: number;
  /** The longest task from the chart's build to its tenth frame, as the page's Long Tasks observer saw it. */
  readonly longestTaskMs: number;
  /** Bars in the chart at the end. */
  readonly barsIn: number;
}
