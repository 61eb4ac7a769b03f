/** The 24 routes of spec section 2, keyed by the spec's route names, and the member's account screens after them. */
export const screenPaths = {
  home: '/',
  my: '/my',
  lang: '/lang',
  login: '/login',
  reg: '/reg',
  runningwater: '/runningwater',
  bindBankCard: '/bindBankCard',
  trade: '/trade',
  realname: '/realname',
  recharge: '/recharge',
  recharge2: '/recharge2',
  withdraw: '/withdraw',
  loginpassword: '/loginpassword',
  txpassword: '/txpassword',
  yqhy: '/yqhy',
  hq: '/hq',
  lc: '/lc',
  record: '/record',
  wallet: '/wallet',
  xq: '/xq',
  kf: '/kf',
  bz: '/bz',
  bz2: '/bz2',
  orderrecord: '/orderrecord',
  // The member's account, beyond the spec's 24 (decisions.md).
  passkeys: '/passkeys',
  devices: '/devices',
  limits: '/limits',
} as const;

export type ScreenKey = keyof typeof screenPaths;
export const screenKeys = Object.keys(screenPaths) as ScreenKey[];

/** Spec 2: these share the bottom tab bar; every other screen gets a back button. */
export const tabScreens: readonly ScreenKey[] = ['home', 'hq', 'lc', 'kf', 'my'];

