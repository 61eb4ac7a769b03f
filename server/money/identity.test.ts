import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { useTestServer } from '../testing/harness.ts';
import { jpeg, op, png, tempUploadDir, webp } from '../testing/money.ts';

const uploads = tempUploadDir();
const s = useTestServer({ UPLOAD_DIR: uploads });
const idcard = (over: Record<string, unknown> = {}) => ({ realName: 'Le Van C', idNumber: '079123456789', front: png(1200, 800), back: jpeg(1200, 800), ...over });
const status = async (token: string) => (await s.call('user/idcard', undefined, { token, method: 'GET' })).body.data as { status: string; idNumberMasked: string | null; reason: string | null };
const files = () => readdirSync(uploads);

describe('identity verification (user/bind_idcard, GET user/idcard)', () => {
  it('stores both photos under random names outside any served folder, masks the ID number, and waits for review', async () => {
    const { token } = await s.member();
    expect(await status(token)).toMatchObject({ status: 'none', idNumberMasked: null });
    const before = files().length;
    const r = await s.call('user/bind_idcard', idcard(), { token });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'review', realName: 'Le Van C', idNumberMasked: '07********89' });
    expect(JSON.stringify(r.body)).not.toContain('079123456789');
    const stored = files();
    expect(stored.length).toBe(before + 2);
    for (const f of stored) {
      expect(f).toMatch(/^[0-9a-f]{32}\.(png|jpg|webp)$/);
      expect(statSync(join(uploads, f)).mode & 0o077).toBe(0); // readable by the server's user only
    }
    const again = await s.call('user/bind_idcard', idcard(), { token });
    expect([again.status, again.body.msg]).toEqual([409, 'error.review_pending']);
  });

  it('after a denial shows the reason and accepts a new submission; after approval the member is verified', async () => {
    const m = await s.member();
    await s.call('user/bind_idcard', idcard({ back: webp(900, 600) }), { token: m.token });
    const [line] = (await op(s, 'pending', 'identity')).split('\n').filter((l) => l.includes(m.username));
    const id = /#(\d+)/.exec(line ?? '')?.[1] ?? '';
    await op(s, 'deny', 'identity', id, '--reason', 'Photo is blurred');
    expect(await status(m.token)).toMatchObject({ status: 'denied', reason: 'Photo is blurred' });
    const second = await s.call('user/bind_idcard', idcard(), { token: m.token });
    expect(second.status).toBe(200);
    const [line2] = (await op(s, 'pending', 'identity')).split('\n').filter((l) => l.includes(m.username));
    await op(s, 'approve', 'identity', /#(\d+)/.exec(line2 ?? '')?.[1] ?? '');
    expect(await status(m.token)).toMatchObject({ status: 'approved' });
    expect(((await s.call('user/details', {}, { token: m.token })).body.data as { verified: boolean }).verified).toBe(true);
    expect((await s.call('user/bind_idcard', idcard(), { token: m.token })).body.msg).toBe('error.already_verified');
  });

  it('refuses photos that are not JPEG/PNG/WebP, too small or too large, and stores nothing', async () => {
    const { token } = await s.member();
    const before = files().length;
    const fake = `data:image/png;base64,${Buffer.from('GIF89a not a png at all').toString('base64')}`;
    const cases: [Record<string, unknown>, string, Record<string, string>][] = [
      [{ front: fake }, 'error.image_invalid', { front: 'error.image_invalid' }],
      [{ back: png(100, 100) }, 'error.image_dimensions', { back: 'error.image_dimensions' }],
      [{ front: `data:image/png;base64,${'A'.repeat(7_000_000)}` }, 'error.image_too_large', { front: 'error.image_too_large' }],
      [{ front: 'https://example.com/x.png' }, 'error.image_invalid', { front: 'error.image_invalid' }],
    ];
    for (const [over, key, fields] of cases) {
      const r = await s.call('user/bind_idcard', idcard(over), { token });
      expect([r.body.msg, r.body.data], key).toEqual([key, { fields }]);
      expect(r.status).toBeLessThan(500);
    }
    expect(files().length).toBe(before);
    expect((await status(token)).status).toBe('none');
  });
});
