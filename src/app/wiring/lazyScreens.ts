import type { ComponentType } from 'react';
import type { ScreenKey } from '../router/screens.ts';

type Load = () => Promise<ComponentType>;

/** One chunk per screen; a later issue fills a screen by editing its own folder only. */
export const lazyScreens: Readonly<Record<ScreenKey | 'notfound', Load>> = {
  home: () => import('../screens/home/HomeScreen.tsx').then((m) => m.HomeScreen),
  my: () => import('../screens/mine/MineScreen.tsx').then((m) => m.MineScreen),
  lang: () => import('../screens/language/LanguageScreen.tsx').then((m) => m.LanguageScreen),
  login: () => import('../screens/login/LoginScreen.tsx').then((m) => m.LoginScreen),
  reg: () => import('../screens/register/RegisterScreen.tsx').then((m) => m.RegisterScreen),
  runningwater: () => import('../screens/fund-flow/FundFlowScreen.tsx').then((m) => m.FundFlowScreen),
  bindBankCard: () => import('../screens/payout-accounts/BindBankCardScreen.tsx').then((m) => m.BindBankCardScreen),
  trade: () => import('../screens/trade/TradeScreen.tsx').then((m) => m.TradeScreen),
  realname: () => import('../screens/identity/IdentityScreen.tsx').then((m) => m.IdentityScreen),
  recharge: () => import('../screens/deposit/DepositScreen.tsx').then((m) => m.DepositScreen),
  recharge2: () => import('../screens/deposit-payment/DepositPaymentScreen.tsx').then((m) => m.DepositPaymentScreen),
  withdraw: () => import('../screens/withdraw/WithdrawScreen.tsx').then((m) => m.WithdrawScreen),
  loginpassword: () => import('../screens/login-password/LoginPasswordScreen.tsx').then((m) => m.LoginPasswordScreen),
  txpassword: () => import('../screens/pay-password/TransactionPasswordScreen.tsx').then((m) => m.TransactionPasswordScreen),
  yqhy: () => import('../screens/invite/InviteScreen.tsx').then((m) => m.InviteScreen),
  hq: () => import('../screens/markets/MarketScreen.tsx').then((m) => m.MarketScreen),
  lc: () => import('../screens/wealth/WealthScreen.tsx').then((m) => m.WealthScreen),
  record: () => import('../screens/earnings/EarningsRecordScreen.tsx').then((m) => m.EarningsRecordScreen),
  wallet: () => import('../screens/wallet/WalletScreen.tsx').then((m) => m.WalletScreen),
  xq: () => import('../screens/chart/ProductDetailScreen.tsx').then((m) => m.ProductDetailScreen),
  kf: () => import('../screens/support/SupportScreen.tsx').then((m) => m.SupportScreen),
  bz: () => import('../screens/help/HelpCentreScreen.tsx').then((m) => m.HelpCentreScreen),
  bz2: () => import('../screens/refund/RefundRequestScreen.tsx').then((m) => m.RefundRequestScreen),
  orderrecord: () => import('../screens/orders/OrderRecordScreen.tsx').then((m) => m.OrderRecordScreen),
  devices: () => import('../screens/devices/DevicesScreen.tsx').then((m) => m.DevicesScreen),
  passkeys: () => import('../screens/passkeys/PasskeysScreen.tsx').then((m) => m.PasskeysScreen),
  limits: () => import('../screens/limits/LimitsScreen.tsx').then((m) => m.LimitsScreen),
  notfound: () => import('../screens/not-found/NotFoundScreen.tsx').then((m) => m.NotFoundScreen),
};
