import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rows } from '../db/rows.ts';
import { notices } from '../db/schema/core.ts';
import { earnProducts, type Translations } from '../db/schema/earn.ts';
import { toPpm } from '../../src/shared/money.ts';

type Seed = Omit<typeof earnProducts.$inferInsert, 'id' | 'createdAt'>;

const PAID_IN_ACCOUNT_CURRENCY: Translations = {
  en: 'Principal and profit are paid in your account currency.',
  vn: 'Tiền gốc và lợi nhuận được thanh toán bằng đơn vị tiền tệ của tài khoản.',
  zn: '本金和收益均以账户币种支付。',
};
const wealthText = (days: number): Translations => ({
  en: `Profit is paid into your balance at the end of each day for ${days} days; the principal returns at maturity. You may redeem early with your transaction password: the principal comes back and the remaining days' profit is forfeited. ${PAID_IN_ACCOUNT_CURRENCY.en}`,
  vn: `Lợi nhuận được cộng vào số dư vào cuối mỗi ngày trong ${days} ngày; tiền gốc được hoàn trả khi đáo hạn. Bạn có thể rút trước hạn bằng mật khẩu giao dịch: tiền gốc được hoàn lại và lợi nhuận của những ngày còn lại bị huỷ. ${PAID_IN_ACCOUNT_CURRENCY.vn}`,
  zn: `${days}天内每天结束时收益计入余额，到期返还本金。可凭交易密码提前赎回：返还本金，剩余天数的收益作废。${PAID_IN_ACCOUNT_CURRENCY.zn}`,
});
const pledgeText = (asset: string, days: number): Translations => ({
  en: `A ${days}-day lock-up in the ${asset} pool. Profit is paid at the end of each day; the principal is locked until maturity and then returns. ${PAID_IN_ACCOUNT_CURRENCY.en}`,
  vn: `Khoá ${days} ngày trong quỹ ${asset}. Lợi nhuận được trả vào cuối mỗi ngày; tiền gốc bị khoá đến khi đáo hạn rồi được hoàn trả. ${PAID_IN_ACCOUNT_CURRENCY.vn}`,
  zn: `${asset}池锁仓${days}天。每天结束时支付收益；本金锁定至到期后返还。${PAID_IN_ACCOUNT_CURRENCY.zn}`,
});

const cents = (whole: number) => BigInt(whole) * 100n;

export const EARN_PRODUCTS: readonly Seed[] = [
  { family: 'wealth', pledgeCurrency: null, names: { en: 'Steady 7', vn: 'Ổn định 7 ngày', zn: '稳健7天' }, descriptions: wealthText(7), dailyRatePpm: toPpm('0.002'), cycleDays: 7, minAmount: cents(100), maxAmount: cents(50_000), sort: 1 },
  { family: 'wealth', pledgeCurrency: null, names: { en: 'Growth 30', vn: 'Tăng trưởng 30 ngày', zn: '成长30天' }, descriptions: wealthText(30), dailyRatePpm: toPpm('0.0035'), cycleDays: 30, minAmount: cents(500), maxAmount: cents(200_000), sort: 2 },
  { family: 'wealth', pledgeCurrency: null, names: { en: 'Premium 90', vn: 'Cao cấp 90 ngày', zn: '尊享90天' }, descriptions: wealthText(90), dailyRatePpm: toPpm('0.005'), cycleDays: 90, minAmount: cents(5_000), maxAmount: cents(1_000_000), sort: 3 },
  { family: 'pledge', pledgeCurrency: 'USDT', names: { en: 'USDT lock-up 15', vn: 'Khoá USDT 15 ngày', zn: 'USDT锁仓15天' }, descriptions: pledgeText('USDT', 15), dailyRatePpm: toPpm('0.004'), cycleDays: 15, minAmount: cents(100), maxAmount: cents(100_000), sort: 1 },
  { family: 'pledge', pledgeCurrency: 'ETH', names: { en: 'ETH lock-up 30', vn: 'Khoá ETH 30 ngày', zn: 'ETH锁仓30天' }, descriptions: pledgeText('ETH', 30), dailyRatePpm: toPpm('0.006'), cycleDays: 30, minAmount: cents(500), maxAmount: cents(300_000), sort: 2 },
  { family: 'pledge', pledgeCurrency: 'BTC', names: { en: 'BTC lock-up 60', vn: 'Khoá BTC 60 ngày', zn: 'BTC锁仓60天' }, descriptions: pledgeText('BTC', 60), dailyRatePpm: toPpm('0.008'), cycleDays: 60, minAmount: cents(1_000), maxAmount: cents(500_000), sort: 3 },
];

const HELP: Record<'en' | 'vn' | 'zn', [title: string, body: string][]> = {
  en: [
    ['How do wealth products earn?', 'Each day of the cycle ends with a profit of principal × daily rate, rounded down to the cent, paid into your balance and shown in your revenue records. At maturity the principal returns. Redeeming early returns the principal; profit already paid stays yours, the remaining days are forfeited.'],
    ['What is a lock-up pledge?', 'A pledge locks your principal in a pool (USDT, ETH or BTC) for its cycle. Profit is paid at the end of each day; the principal returns at maturity and cannot be withdrawn before. Principal and profit are in your account currency.'],
    ['How does invite cashback work?', 'Share your invitation code or link. When someone in your team (up to nine generations) settles an order, you receive a share of its fee: the rate for each generation is shown on the invite page. Every cashback appears in your fund flow.'],
    ['How do I reach support?', 'Open the Support tab and write to us. Replies appear in the same chat, and the tab shows a badge when there is a new one. Never share your passwords, not even with support.'],
  ],
  vn: [
    ['Sản phẩm tài chính sinh lời thế nào?', 'Mỗi ngày trong chu kỳ kết thúc với lợi nhuận bằng tiền gốc × lãi suất ngày, làm tròn xuống đến xu, được cộng vào số dư và hiện trong hồ sơ doanh thu. Khi đáo hạn, tiền gốc được hoàn trả. Rút trước hạn sẽ hoàn tiền gốc; lợi nhuận đã trả vẫn thuộc về bạn, những ngày còn lại bị huỷ.'],
    ['Khoá cam kết là gì?', 'Khoá cam kết giữ tiền gốc của bạn trong một quỹ (USDT, ETH hoặc BTC) suốt chu kỳ. Lợi nhuận được trả vào cuối mỗi ngày; tiền gốc được hoàn trả khi đáo hạn và không thể rút trước. Tiền gốc và lợi nhuận tính bằng đơn vị tiền tệ của tài khoản.'],
    ['Hoàn tiền giới thiệu hoạt động thế nào?', 'Chia sẻ mã hoặc liên kết mời của bạn. Khi một thành viên trong nhóm (tối đa chín thế hệ) hoàn tất lệnh, bạn nhận một phần phí của lệnh đó: tỷ lệ của từng thế hệ hiển thị trên trang mời. Mọi khoản hoàn tiền đều có trong dòng tiền.'],
    ['Làm sao liên hệ hỗ trợ?', 'Mở tab Hỗ trợ và nhắn cho chúng tôi. Câu trả lời hiện trong cùng cuộc trò chuyện, và tab hiển thị huy hiệu khi có tin mới. Không bao giờ chia sẻ mật khẩu, kể cả với bộ phận hỗ trợ.'],
  ],
  zn: [
    ['理财产品如何产生收益？', '周期内每天结束时产生收益：本金 × 日收益率，向下取整到分，计入余额并显示在收益记录中。到期返还本金。提前赎回返还本金；已支付的收益归您所有，剩余天数的收益作废。'],
    ['什么是锁仓质押？', '质押将您的本金锁定在一个资金池（USDT、ETH 或 BTC）中直至周期结束。每天结束时支付收益；本金到期返还，到期前不可取出。本金和收益均以账户币种计算。'],
    ['邀请返佣如何运作？', '分享您的邀请码或链接。当您团队中的成员（最多九代）结算订单时，您将获得该订单手续费的一部分：每一代的比例显示在邀请页面。每笔返佣都会出现在资金流水中。'],
    ['如何联系客服？', '打开客服标签页给我们留言。回复会显示在同一对话中，有新回复时标签页会显示角标。切勿向任何人（包括客服）透露您的密码。'],
  ],
};

/**
 * Seeds the earning products and their help articles once, when there are no products yet; safe on every start,
 * so a database created before earning existed gets them too.
 */
export async function seedEarnIfEmpty(db: Db, now: number): Promise<boolean> {
  const [{ n } = { n: 0 }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM earn_products`);
  if (Number(n) > 0) return false;
  await db.transaction(async (tx) => {
    await tx.insert(earnProducts).values([...EARN_PRODUCTS]);
    for (const [lang, list] of Object.entries(HELP)) {
      for (const [i, [title, body]] of list.entries()) {
        // Older than the welcome notices, so announcements stay on top of the help centre.
        await tx.insert(notices).values({ kind: 'help', lang, title, body, createdAt: new Date(now - (10 + i) * 60_000) });
      }
    }
  });
  return true;
}
