import type { ComponentType } from 'react';
import type { ScreenKey } from './screens.ts';

type Load = () => Promise<ComponentType>;

/** One chunk per screen; a later issue fills a screen by editing its own folder only. */
export const lazyScreens: Readonly<Record<ScreenKey | 'notfound', Load>> = {
  home: () => import('../screens/home/HomeScreen.tsx').then((m) => m.HomeScreen),
  my: () => import('../screens/my/MineScreen.tsx').then((m) => m.MineScreen),
  lang: () => import('../screens/lang/LanguageScreen.tsx').then((m) => m.LanguageScreen),
  login: () => import('../screens/login/LoginScreen.tsx').then((m) => m.LoginScreen),
  reg: () => import('../screens/reg/RegisterScreen.tsx').then((m) => m.RegisterScreen),
  runningwater: () => import('../screens/runningwater/FundFlowScreen.tsx').then((m) => m.FundFlowScreen),
  bindBankCard: () => import('../screens/bindBankCard/BindBankCardScreen.tsx').then((m) => m.BindBankCardScreen),
  trade: () => import('../screens/trade/TradeScreen.tsx').then((m) => m.TradeScreen),
  realname: () => import('../screens/realname/IdentityScreen.tsx').then((m) => m.IdentityScreen),
  recharge: () => import('../screens/recharge/DepositScreen.tsx').then((m) => m.DepositScreen),
  recharge2: () => import('../screens/recharge2/DepositPaymentScreen.tsx').then((m) => m.DepositPaymentScreen),
  withdraw: () => import('../screens/withdraw/WithdrawScreen.tsx').then((m) => m.WithdrawScreen),
  loginpassword: () => import('../screens/loginpassword/LoginPasswordScreen.tsx').then((m) => m.LoginPasswordScreen),
  txpassword: () => import('../screens/txpassword/TransactionPasswordScreen.tsx').then((m) => m.TransactionPasswordScreen),
  yqhy: () => import('../screens/yqhy/InviteScreen.tsx').then((m) => m.InviteScreen),
  hq: () => import('../screens/hq/MarketScreen.tsx').then((m) => m.MarketScreen),
  lc: () => import('../screens/lc/WealthScreen.tsx').then((m) => m.WealthScreen),
  record: () => import('../screens/record/EarningsRecordScreen.tsx').then((m) => m.EarningsRecordScreen),
  wallet: () => import('../screens/wallet/WalletScreen.tsx').then((m) => m.WalletScreen),
  xq: () => import('../screens/xq/ProductDetailScreen.tsx').then((m) => m.ProductDetailScreen),
  kf: () => import('../screens/kf/SupportScreen.tsx').then((m) => m.SupportScreen),
  bz: () => import('../screens/bz/HelpCentreScreen.tsx').then((m) => m.HelpCentreScreen),
  bz2: () => import('../screens/bz2/RefundRequestScreen.tsx').then((m) => m.RefundRequestScreen),
  orderrecord: () => import('../screens/orderrecord/OrderRecordScreen.tsx').then((m) => m.OrderRecordScreen),
  notfound: () => import('../screens/notfound/NotFoundScreen.tsx').then((m) => m.NotFoundScreen),
};
