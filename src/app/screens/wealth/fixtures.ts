/** Products and holdings as the server answers them, shared by the earning screens' tests. */
export const growth30 = {
  id: 2,
  family: 'wealth',
  name: 'Growth 30',
  currency: 'USDT',
  pledgeCurrency: null,
  dailyRate: '0.0035',
  cycleDays: 30,
  minAmount: '500.00',
  maxAmount: '200000.00',
  onSale: true,
} as const;

export const ethPledge = {
  id: 5,
  family: 'pledge',
  name: 'ETH lock-up 30',
  currency: 'USDT',
  pledgeCurrency: 'ETH',
  dailyRate: '0.006',
  cycleDays: 30,
  minAmount: '100.00',
  maxAmount: '300000.00',
  onSale: true,
} as const;

export const products = { items: [growth30, ethPledge] };

export const holding = (over: Record<string, unknown> = {}) => ({
  id: 11,
  productId: 2,
  family: 'wealth',
  name: 'Growth 30',
  currency: 'USDT',
  pledgeCurrency: null,
  principal: '600.00',
  dailyRate: '0.0035',
  cycleDays: 30,
  estimatedProfit: '63.00',
  earned: '6.30',
  status: 'earning',
  startedAt: 1_700_000_000_000,
  maturesAt: 1_700_000_000_000 + 30 * 86_400_000,
  endedAt: null,
  redeemable: true,
  revenue: [
    { day: '2023-11-15', principal: '600.00', profit: '2.10', createdAt: 1_700_086_400_000 },
    { day: '2023-11-16', principal: '600.00', profit: '2.10', createdAt: 1_700_172_800_000 },
    { day: '2023-11-17', principal: '600.00', profit: '2.10', createdAt: 1_700_259_200_000 },
  ],
  ...over,
});
