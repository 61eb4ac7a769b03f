import { sql } from 'drizzle-orm';
import { hashPassword } from './auth/passwords.ts';
import type { Db } from './db/client.ts';
import { rows } from './db/rows.ts';
import { accounts, notices, users } from './db/schema/core.ts';
import { move } from './domain/ledger.ts';
import { platformSettings } from './db/schema/money.ts';
import { seedEarnIfEmpty } from './earn/seed.ts';
import type { RechargeKey } from './money/settings.ts';
import { cents } from '../src/shared/money.ts';

/** Demo mode only (DEMO=true): a demo member (also the first inviter), its invitation code, and where to deposit. */
export const DEMO = { username: 'demo', password: 'demo1234', phone: '13800000000', inviteCode: 'WELCOME1', startingBalance: cents(10_000_00n) } as const;

const NOTICES: Record<'en' | 'vn' | 'zn', [kind: 'notice' | 'help', title: string, body: string][]> = {
  en: [
    ['notice', 'Welcome to the platform', 'Markets run around the clock for crypto; stocks follow their exchange hours.'],
    ['notice', 'Settlement is by recorded price', 'Every order keeps its open and settle prices so you can check the result against the chart.'],
    ['help', 'How do rise/fall orders work?', 'Pick a cycle and an amount. If the price at settle time is above (rise) or below (fall) the open price, you receive the amount plus the payout. Equal prices return the amount. The fee is kept in every case.'],
    ['help', 'How long do withdrawals take?', 'Withdrawals are reviewed; the amount is frozen meanwhile and returned if the review fails.'],
  ],
  vn: [
    ['notice', 'Chào mừng bạn đến với nền tảng', 'Thị trường tiền mã hoá mở cửa suốt ngày đêm; cổ phiếu theo giờ giao dịch của sàn.'],
    ['notice', 'Thanh toán theo giá đã ghi nhận', 'Mỗi lệnh lưu giá mở và giá thanh toán để bạn đối chiếu với biểu đồ.'],
    ['help', 'Lệnh tăng/giảm hoạt động thế nào?', 'Chọn chu kỳ và số tiền. Nếu giá lúc thanh toán cao hơn (tăng) hoặc thấp hơn (giảm) giá mở, bạn nhận số tiền cộng lợi nhuận. Giá bằng nhau thì hoàn số tiền. Phí luôn được giữ lại.'],
    ['help', 'Rút tiền mất bao lâu?', 'Yêu cầu rút tiền được xét duyệt; số tiền bị đóng băng trong lúc chờ và được hoàn lại nếu bị từ chối.'],
  ],
  zn: [
    ['notice', '欢迎来到本平台', '加密货币市场全天开放；股票按交易所时间交易。'],
    ['notice', '按记录价格结算', '每笔订单都保存开仓价和结算价，您可以对照图表核对结果。'],
    ['help', '涨跌订单如何运作？', '选择周期和金额。若结算时价格高于（涨）或低于（跌）开仓价，您将获得本金加收益。价格相同则退还本金。手续费在任何情况下均收取。'],
    ['help', '提现需要多久？', '提现需要审核；审核期间金额被冻结，审核失败时退回。'],
  ],
};

/** Where the demo's members send deposits; a real deployment sets its own (operator `recharge-set`). */
const DEMO_RECHARGE: Record<RechargeKey, string> = {
  'recharge.trc20.address': 'TLm29gGY1hPDTVrGX5Jxrag5qoxQ2F7LSs',
  'recharge.bank.bankName': 'Vietcombank',
  'recharge.bank.accountName': 'Candlewick Demo Ltd',
  'recharge.bank.cardNumber': '0071000123456',
  'recharge.bank.branch': 'Ho Chi Minh City Branch',
};

/**
 * First start (no members yet): the earning products and a few notices, and with `demo` the demo member with
 * its starting balance. With `demo`, every start also puts back any demo deposit address that is not set.
 * Answers whether this was a first start.
 */
export async function seedIfEmpty(db: Db, now: number, opts: { readonly demo: boolean }): Promise<boolean> {
  // Decided before the earning products' seed, which adds help articles of its own.
  const [{ n } = { n: 0 }] = await rows<{ n: number }>(db, sql`SELECT (SELECT count(*) FROM users) + (SELECT count(*) FROM notices) AS n`);
  await seedEarnIfEmpty(db, now);
  if (opts.demo) {
    for (const [key, value] of Object.entries(DEMO_RECHARGE)) {
      await db.insert(platformSettings).values({ key, value }).onConflictDoNothing();
    }
  }
  if (Number(n) > 0) return false;
  const passwordHash = opts.demo ? await hashPassword(DEMO.password) : '';
  await db.transaction(async (tx) => {
    if (opts.demo) {
      const [u] = await tx.insert(users).values({ username: DEMO.username, phone: DEMO.phone, passwordHash, inviteCode: DEMO.inviteCode }).returning({ id: users.id });
      if (!u) throw new Error('seed: demo member not created');
      await tx.insert(accounts).values({ userId: u.id });
      // The demo member starts with a balance, credited through the ledger like any other.
      await move(tx, { userId: u.id, type: 'adjust', available: DEMO.startingBalance, ref: 'seed: demo starting balance', at: now });
    }
    for (const [lang, list] of Object.entries(NOTICES)) {
      for (const [i, [kind, title, body]] of list.entries()) {
        await tx.insert(notices).values({ kind, lang, title, body, createdAt: new Date(now - i * 60_000) });
      }
    }
  });
  return true;
}
