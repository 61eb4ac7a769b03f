import { expect } from 'vitest';
import { ok, type Handler } from './fakeApi.ts';

/** Answers for the money screens' browser tests; each test overrides what it is about. */
export const deposit = { id: 11, kind: 'deposit', method: 'bank', amount: '100.00', status: 'success', reason: null, createdAt: 1_700_000_000_000, decidedAt: 1_700_000_100_000 };
export const deniedWithdrawal = { id: 12, kind: 'withdrawal', method: 'bank', amount: '40.00', status: 'fail', reason: 'Name does not match the card', createdAt: 1_700_000_200_000, decidedAt: 1_700_000_300_000 };
export const refund = { id: 13, kind: 'refund', method: 'refund', amount: '250.00', status: 'review', reason: null, createdAt: 1_700_000_400_000, decidedAt: null };

export const balanceList = { currency: 'USDT', balance: '1060.00', available: '1000.50', frozen: '59.50', requests: [refund, deniedWithdrawal, deposit] };
export const card = { id: 1, bankName: 'Vietcombank', cardNumber: '**** 1234', accountName: 'Alice Nguyen', branch: 'District 1', city: 'Ho Chi Minh City', province: 'HCMC' };
/** A real TRC20 address (valid checksum); the same with its last character changed fails the checksum. */
export const goodAddress = 'TLm29gGY1hPDTVrGX5Jxrag5qoxQ2F7LSs';
export const badChecksum = 'TLm29gGY1hPDTVrGX5Jxrag5qoxQ2F7LSt';
export const wallets = { bank: card, addresses: [{ id: 3, network: 'TRC20', address: goodAddress }] };
export const noWallets = { bank: null, addresses: [] };

export const moneyHandlers: Record<string, Handler> = {
  'user/balance_list': () => ok(balanceList),
  'user/getUserWallets': () => ok(wallets),
  'common/banks': () => ok({ items: [{ code: 'VCB', name: 'Vietcombank' }, { code: 'ACB', name: 'Asia Commercial Bank' }] }),
};

/** Mobile-first: nothing scrolls sideways at 360 px, and every control is at least a 44 px touch target. */
export function expectUsableOnPhone(): void {
  expect(document.documentElement.scrollWidth).toBeLessThanOrEqual(window.innerWidth);
  const controls = [...document.querySelectorAll<HTMLElement>('main a, main button, main input:not([type=radio]), main select, main label.choice')];
  expect(controls.length).toBeGreaterThan(0);
  const small = controls.filter((el) => el.getBoundingClientRect().height < 44).map((el) => el.outerHTML.slice(0, 80));
  expect(small).toEqual([]);
  // Every input and select has a label.
  const unlabelled = [...document.querySelectorAll<HTMLInputElement | HTMLSelectElement>('main input, main select')].filter((el) => el.labels?.length === 0);
  expect(unlabelled.map((el) => el.outerHTML.slice(0, 80))).toEqual([]);
}

/** A real PNG of w x h pixels, drawn on a canvas, as a File the photo pickers accept. */
export async function pngFile(name: string, w = 400, h = 300): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('no 2d context');
  ctx.fillStyle = '#3a7';
  ctx.fillRect(0, 0, w, h);
  ctx.fillStyle = '#fff';
  ctx.fillText(name, 10, 20);
  const blob = await new Promise<Blob | null>((r) => canvas.toBlob(r, 'image/png'));
  if (!blob) throw new Error('no blob');
  return new File([blob], name, { type: 'image/png' });
}

/** Signs the test's app in (the token only; the fake API accepts any). */
export const signIn = (): void => localStorage.setItem('accessToken', 'tok');
