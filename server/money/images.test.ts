import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/errors.ts';
import { jpeg, png, webp } from '../testing/money.ts';
import { checkImage, MAX_IMAGE_BYTES } from './images.ts';

const keyOf = (f: () => unknown) => {
  try {
    f();
    return 'ok';
  } catch (e) {
    return e instanceof ApiError ? e.key : String(e);
  }
};

describe('checkImage', () => {
  it('reads the pixel size from PNG, JPEG and WebP headers', () => {
    expect(checkImage(png(640, 480), 'front')).toMatchObject({ type: 'png', width: 640, height: 480 });
    expect(checkImage(jpeg(1024, 768), 'front')).toMatchObject({ type: 'jpeg', width: 1024, height: 768 });
    expect(checkImage(webp(800, 600), 'front')).toMatchObject({ type: 'webp', width: 800, height: 600 });
  });

  it('refuses sizes outside 200..8000 px', () => {
    expect(keyOf(() => checkImage(png(199, 480), 'f'))).toBe('error.image_dimensions');
    expect(keyOf(() => checkImage(jpeg(640, 8001), 'f'))).toBe('error.image_dimensions');
    expect(keyOf(() => checkImage(webp(8000, 8000), 'f'))).toBe('ok');
  });

  it('refuses content that is not what the data URL claims, or no image at all', () => {
    expect(keyOf(() => checkImage(png(640, 480).replace('image/png', 'image/jpeg'), 'f'))).toBe('error.image_invalid');
    expect(keyOf(() => checkImage(`data:image/png;base64,${Buffer.from('<?php echo 1; ?>').toString('base64')}`, 'f'))).toBe('error.image_invalid');
    expect(keyOf(() => checkImage('data:image/gif;base64,R0lGODlh', 'f'))).toBe('error.image_invalid');
    expect(keyOf(() => checkImage(`data:image/jpeg;base64,${Buffer.from([0xff, 0xd8, 0xff, 0xd9]).toString('base64')}`, 'f'))).toBe('error.image_invalid');
  });

  it('refuses more than 5 MB before decoding it', () => {
    const big = `data:image/png;base64,${'A'.repeat(Math.ceil(((MAX_IMAGE_BYTES + 3) * 4) / 3))}`;
    expect(keyOf(() => checkImage(big, 'f'))).toBe('error.image_too_large');
  });
});
