import type { ComponentType } from 'react';
import type { ScreenKey } from '../router/screens.ts';

type Load = () => Promise<ComponentType>;

/**
 * A screen's chunk, and the component it exports taken once it has loaded. The import stays a bare `() => import()`
 * (not `.then` on it) because that is the only kind the build's preload helper tries again under a URL of its own
 * (scripts/import-retry.ts): in a browser that keeps a failed module load, a screen whose code failed once (the
 * phone offline a moment) then loads on the next visit to it instead of failing until a reload.
 */
const screen =
  <M,>(load: () => Promise<M>, component: (module: M) => ComponentType): Load =>
  () =>
    load().then(component);

/** One chunk per screen; a later issue fills a screen by editing its own folder only. */
export const lazyScreens: Readonly<Record<ScreenKey | 'notfound', Load>> = {
  home: screen(() => import('../screens/home/HomeScreen.tsx'), (m) => m.HomeScreen),
  my: screen(() => import('../screens/mine/MineScreen.tsx'), (m) => m.MineScreen),
  lang: screen(() => import('../screens/language/LanguageScreen.tsx'), (m) => m.LanguageScreen),
  login: screen(() => import('../screens/login/LoginScreen.tsx'), (m) => m.LoginScreen),
  reg: screen(() => import('../screens/register/RegisterScreen.tsx'), (m) => m.RegisterScreen),
  runningwater: screen(() => import('../screens/fund-flow/FundFlowScreen.tsx'), (m) => m.FundFlowScreen),
  bindBankCard: screen(() => import('../screens/payout-accounts/BindBankCardScreen.tsx'), (m) => m.BindBankCardScreen),
  trade: screen(() => import('../screens/trade/TradeScreen.tsx'), (m) => m.TradeScreen),
  realname: screen(() => import('../screens/identity/IdentityScreen.tsx'), (m) => m.IdentityScreen),
  recharge: screen(() => import('../screens/deposit/DepositScreen.tsx'), (m) => m.DepositScreen),
  recharge2: screen(() => import('../screens/deposit-payment/DepositPaymentScreen.tsx'), (m) => m.DepositPaymentScreen),
  withdraw: screen(() => import('../screens/withdraw/WithdrawScreen.tsx'), (m) => m.WithdrawScreen),
  loginpassword: screen(() => import('../screens/login-password/LoginPasswordScreen.tsx'), (m) => m.LoginPasswordScreen),
  txpassword: screen(() => import('../screens/pay-password/TransactionPasswordScreen.tsx'), (m) => m.TransactionPasswordScreen),
  yqhy: screen(() => import('../screens/invite/InviteScreen.tsx'), (m) => m.InviteScreen),
  hq: screen(() => import('../screens/markets/MarketScreen.tsx'), (m) => m.MarketScreen),
  lc: screen(() => import('../screens/wealth/WealthScreen.tsx'), (m) => m.WealthScreen),
  record: screen(() => import('../screens/earnings/EarningsRecordScreen.tsx'), (m) => m.EarningsRecordScreen),
  wallet: screen(() => import('../screens/wallet/WalletScreen.tsx'), (m) => m.WalletScreen),
  xq: screen(() => import('../screens/chart/ProductDetailScreen.tsx'), (m) => m.ProductDetailScreen),
  kf: screen(() => import('../screens/support/SupportScreen.tsx'), (m) => m.SupportScreen),
  bz: screen(() => import('../screens/help/HelpCentreScreen.tsx'), (m) => m.HelpCentreScreen),
  bz2: screen(() => import('../screens/refund/RefundRequestScreen.tsx'), (m) => m.RefundRequestScreen),
  orderrecord: screen(() => import('../screens/orders/OrderRecordScreen.tsx'), (m) => m.OrderRecordScreen),
  devices: screen(() => import('../screens/devices/DevicesScreen.tsx'), (m) => m.DevicesScreen),
  passkeys: screen(() => import('../screens/passkeys/PasskeysScreen.tsx'), (m) => m.PasskeysScreen),
  limits: screen(() => import('../screens/limits/LimitsScreen.tsx'), (m) => m.LimitsScreen),
  notfound: screen(() => import('../screens/not-found/NotFoundScreen.tsx'), (m) => m.NotFoundScreen),
};
