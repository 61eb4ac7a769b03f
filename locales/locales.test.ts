import { describe, expect, it } from 'vitest';
import { errorKeys, fieldKeys } from '../src/contract/errors.ts';
import en from './en.json' with { type: 'json' };
import vn from './vn.json' with { type: 'json' };
import zn from './zn.json' with { type: 'json' };

type Pack = Record<string, unknown>;
const packs: Record<string, Pack> = { en, vn, zn };

/** Flattens nested packs to `a.b.c` keys, the way i18next resolves them. */
function flatten(pack: Pack, prefix = ''): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [k, v] of Object.entries(pack)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      for (const [kk, vv] of flatten(v as Pack, key)) out.set(kk, vv);
    } else out.set(key, v);
  }
  return out;
}
const placeholders = (s: string) => [...s.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((m) => m[1]).sort();

const flat = Object.fromEntries(Object.entries(packs).map(([name, p]) => [name, flatten(p)]));
const enFlat = flatten(en);

describe('locale packs', () => {
  it.each(['vn', 'zn'])('%s has exactly the keys of en', (name) => {
    const other = flat[name] ?? new Map<string, unknown>();
    expect([...other.keys()].sort()).toEqual([...enFlat.keys()].sort());
  });

  it.each(Object.keys(packs))('%s has only non-empty string values', (name) => {
    for (const [key, value] of flat[name] ?? []) {
      expect(typeof value === 'string' && value.trim() !== '', `${name}:${key}`).toBe(true);
    }
  });

  it.each(['vn', 'zn'])('%s uses the same placeholders as en', (name) => {
    for (const [key, value] of enFlat) {
      const other = flat[name]?.get(key);
      expect(placeholders(String(other)), `${name}:${key}`).toEqual(placeholders(String(value)));
    }
  });

  it('translates every error and field key of the contract', () => {
    for (const key of [...errorKeys, ...fieldKeys]) {
      for (const [name, f] of Object.entries(flat)) expect(f.has(key), `${name}:${key}`).toBe(true);
    }
  });

  it('uses the exact English wording of the spec', () => {
    const exact: Record<string, string> = {
      'error.amount_incorrect': 'Incorrect Amount',
      'error.amount_required': 'Please Enter The Amount',
      'error.name_or_password': 'Name or password incorrect',
      'error.no_bank_card': 'Unknown Bank Card, Please Enter The Bank Card First',
      'msg.no_canvas': 'browser does not support canvas',
      'msg.submitted': 'Submitted Success',
      'msg.login_ok': 'Successful Login',
      'msg.signup_ok': 'Sign Up Success',
      'msg.reset_ok': 'Reset Successful',
      'msg.added_ok': 'Added Successfully',
      'msg.withdraw_ok': 'Successful Withdrawal',
      'msg.copy_ok': 'Copy Successfully',
      'msg.ordered': 'successfully ordered',
    };
    for (const [key, text] of Object.entries(exact)) expect(enFlat.get(key), key).toBe(text);
  });

  it('has a prompt for every required field of spec section 5', () => {
    const fields = [
      'username', 'password', 'inviteCode', 'phone', 'amount', 'bankName', 'name', 'cardNumber', 'accountName',
      'branch', 'city', 'province', 'address', 'withdrawPassword', 'withdrawAmount', 'depositAmount', 'idNumber',
      'realName', 'front', 'back', 'newPassword', 'confirmNewPassword', 'oldPassword', 'payPassword',
    ];
    for (const f of fields) expect(enFlat.has(`prompt.${f}`), f).toBe(true);
  });
});
