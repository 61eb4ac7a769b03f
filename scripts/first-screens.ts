/**
 * The screens a visit most often starts on: the tab bar's first two, a shared chart link and the order record. What
 * they share is the build's `screens` chunk (vite.config.ts), and `npm run size` checks what they load.
 */
export const FIRST_SCREENS = [
  'src/app/screens/home/HomeScreen.tsx',
  'src/app/screens/markets/MarketScreen.tsx',
  'src/app/screens/chart/ProductDetailScreen.tsx',
  'src/app/screens/orders/OrderRecordScreen.tsx',
] as const;

/** Whether a module id (an absolute path) is one of `sources`' own modules. */
const isOneOf = (sources: readonly string[]) => (id: string): boolean => sources.some((source) => id.endsWith(`/${source}`));

/** Whether a module id is one of the first screens' own modules. */
export const isFirstScreen = isOneOf(FIRST_SCREENS);

/**
 * The first screens of the tab bar (`/` and `/hq`): what they share with the others is the `screens` chunk, and what
 * only the trading screens (`/xq`, `/orderrecord`) share beyond it, the `trading` chunk, which these two never load.
 */
export const TAB_SCREENS = [FIRST_SCREENS[0], FIRST_SCREENS[1]] as const;

/**
 * What the layout loads on every path once the first screen has settled (src/app/layout/AppLayout.tsx). What it
 * needs of the shared code goes with the tab screens' (the `screens` chunk): were it in `trading`, `/` and `/hq`
 * would load that chunk and apply its stylesheet after their first paint, for a few lines of it.
 */
export const EVERY_SCREEN_LATER = ['src/app/results/ResultToast.tsx'] as const;

/** Whether a module id is one of the tab screens' own modules, or of what the layout loads on every path later. */
export const loadsWithTabScreens = isOneOf([...TAB_SCREENS, ...EVERY_SCREEN_LATER]);
