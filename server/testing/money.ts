// Test helpers for the money domain (imported by *.test.ts only).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { trc20AddressOf } from '../../src/shared/trc20.ts';
import { moneyCommands } from '../operator/commands/money.ts';
import type { TestServer } from './harness.ts';

export const LOGIN_PASSWORD = 'secret123'; // what harness member() registers with
export const PIN = '246810';

/** A fresh upload folder per test file, outside the repository, removed when the file is done. */
export function tempUploadDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cw-uploads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const u32be = (n: number) => [(n >>> 24) & 255, (n >>> 16) & 255, (n >>> 8) & 255, n & 255];
const u16be = (n: number) => [(n >>> 8) & 255, n & 255];
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));
const dataUrl = (type: string, bytes: number[]) => `data:image/${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** Headers are all the server reads; the pixel data after them does not matter for its checks. */
export const png = (w: number, h: number, padding = 64) =>
  dataUrl('png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...u32be(13), ...ascii('IHDR'), ...u32be(w), ...u32be(h), 8, 6, 0, 0, 0, 0, 0, 0, 0, ...new Array<number>(padding).fill(0)]);

/** SOI, an APP0 segment, then a baseline frame header (SOF0) with the size. */
export const jpeg = (w: number, h: number) =>
  dataUrl('jpeg', [0xff, 0xd8, 0xff, 0xe0, ...u16be(16), ...ascii('JFIF'), 0, 1, 1, 0, 0, 1, 0, 1, 0, 0, 0xff, 0xc0, ...u16be(17), 8, ...u16be(h), ...u16be(w), 3, ...new Array<number>(9).fill(1), 0xff, 0xd9]);

/** A VP8X (extended) WebP header: canvas size minus one, 24-bit little endian. */
export const webp = (w: number, h: number) => {
  const le24 = (n: number) => [n & 255, (n >>> 8) & 255, (n >>> 16) & 255];
  return dataUrl('webp', [...ascii('RIFF'), 30, 0, 0, 0, ...ascii('WEBP'), ...ascii('VP8X'), 10, 0, 0, 0, 0, 0, 0, 0, ...le24(w - 1), ...le24(h - 1), 0, 0]);
};

export const address = (seed: number) => trc20AddressOf(new Uint8Array(20).fill(seed % 256));

export const bankCardBody = { kind: 'bank', bankName: 'Vietcombank', cardNumber: '6222020200112233', accountName: 'Nguyen Van A', branch: 'District 1', city: 'Ho Chi Minh City', province: 'HCM' };

export async function op(s: TestServer, name: string, ...args: string[]): Promise<string> {
  const command = moneyCommands.find((c) => c.name === name);
  if (!command) throw new Error(`no operator command ${name}`);
  return command.run(s.deps, args);
}

/** A member with a pay password, a bound card and address, and (optionally) money credited by the operator. */
export async function readyMember(s: TestServer, funds?: string) {
  const m = await s.member();
  const pin = await s.call('user/reset_paypwd', { loginPassword: LOGIN_PASSWORD, newPayPassword: PIN, confirmPayPassword: PIN }, { token: m.token });
  expect(pin.status, JSON.stringify(pin.body)).toBe(200);
  expect((await s.call('user/save_bank', bankCardBody, { token: m.token })).status).toBe(200);
  const wallets = await s.call('user/save_bank', { kind: 'trc20', address: await address(m.id) }, { token: m.token });
  expect(wallets.status).toBe(200);
  const addressId = (wallets.body.data as { addresses: { id: number }[] }).addresses[0]?.id ?? 0;
  if (funds) await op(s, 'credit', m.username, funds, '--reason', 'test funds');
  return { ...m, addressId };
}

export const withdrawal = (amount: string, over: Record<string, unknown> = {}) => ({ paymethod: 'bank', amount, payPassword: PIN, Authorization: '', ...over });

export async function balances(s: TestServer, token: string) {
  const r = await s.call('user/balance_list', {}, { token });
  expect(r.status).toBe(200);
  return r.body.data as { balance: string; available: string; frozen: string; requests: { id: number; kind: string; status: string; reason: string | null; amount: string }[] };
}
