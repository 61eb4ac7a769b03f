import { ApiError } from '../http/errors.ts';

/** ID photos and receipts: at most 5 MB after decoding, and a sane pixel size read from the file's own header. */
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MIN_IMAGE_SIDE = 200;
export const MAX_IMAGE_SIDE = 8000;

export type ImageType = 'jpeg' | 'png' | 'webp';
export interface CheckedImage {
  readonly type: ImageType;
  readonly bytes: Uint8Array;
  readonly width: number;
  readonly height: number;
}

const DATA_URL = /^data:image\/(jpeg|png|webp);base64,([A-Za-z0-9+/]+=*)$/;

/**
 * Decodes a data URL and trusts nothing it claims: the magic bytes must match the declared type, and the
 * dimensions come from the header. `field` names the request field in the error.
 */
export function checkImage(dataUrl: string, field: string): CheckedImage {
  const m = DATA_URL.exec(dataUrl);
  const declared = m?.[1] as ImageType | undefined;
  const payload = m?.[2];
  if (!declared || !payload) throw new ApiError('error.image_invalid', { [field]: 'error.image_invalid' });
  // base64 is 4 characters per 3 bytes; refuse before decoding anything larger than the limit.
  if (Math.floor((payload.length * 3) / 4) - (payload.endsWith('==') ? 2 : payload.endsWith('=') ? 1 : 0) > MAX_IMAGE_BYTES) {
    throw new ApiError('error.image_too_large', { [field]: 'error.image_too_large' });
  }
  const bytes = new Uint8Array(Buffer.from(payload, 'base64'));
  if (sniff(bytes) !== declared) throw new ApiError('error.image_invalid', { [field]: 'error.image_invalid' });
  const size = dimensionsOf(declared, bytes);
  if (!size) throw new ApiError('error.image_invalid', { [field]: 'error.image_invalid' });
  const sane = (n: number) => n >= MIN_IMAGE_SIDE && n <= MAX_IMAGE_SIDE;
  if (!sane(size.width) || !sane(size.height)) throw new ApiError('error.image_dimensions', { [field]: 'error.image_dimensions' });
  return { type: declared, bytes, ...size };
}

const startsWith = (b: Uint8Array, sig: readonly number[], at = 0) => sig.every((x, i) => b[at + i] === x);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

export function sniff(b: Uint8Array): ImageType | null {
  if (startsWith(b, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8)) return 'webp';
  return null;
}

type Size = { width: number; height: number } | null;

function dimensionsOf(type: ImageType, b: Uint8Array): Size {
  if (type === 'png') return pngSize(b);
  if (type === 'jpeg') return jpegSize(b);
  return webpSize(b);
}

const u16be = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const u16le = (b: Uint8Array, i: number) => (b[i] ?? 0) | ((b[i + 1] ?? 0) << 8);
const u24le = (b: Uint8Array, i: number) => u16le(b, i) | ((b[i + 2] ?? 0) << 16);
const u32be = (b: Uint8Array, i: number) => u16be(b, i) * 65536 + u16be(b, i + 2);

/** The IHDR chunk comes first, right after the signature. */
function pngSize(b: Uint8Array): Size {
  if (b.length < 24 || !startsWith(b, ascii('IHDR'), 12)) return null;
  return { width: u32be(b, 16), height: u32be(b, 20) };
}

/** Walks the marker segments to the first start-of-frame (SOF0..SOF15 except DHT, JPG and DAC). */
function jpegSize(b: Uint8Array): Size {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) return null;
    const marker = b[i + 1] ?? 0;
    if (marker === 0xff) {
      i += 1; // fill byte
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      i += 2; // markers without a length
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // end of image or scan data before any frame header
    const isFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (isFrame) return { height: u16be(b, i + 5), width: u16be(b, i + 7) };
    const length = u16be(b, i + 2);
    if (length < 2) return null;
    i += 2 + length;
  }
  return null;
}

/** RIFF....WEBP then a VP8 (lossy), VP8L (lossless) or VP8X (extended) chunk. */
function webpSize(b: Uint8Array): Size {
  if (b.length < 30) return null;
  const chunk = String.fromCharCode(...b.subarray(12, 16));
  if (chunk === 'VP8 ') {
    if (!startsWith(b, [0x9d, 0x01, 0x2a], 23)) return null;
    return { width: u16le(b, 26) & 0x3fff, height: u16le(b, 28) & 0x3fff };
  }
  if (chunk === 'VP8L') {
    if (b[20] !== 0x2f) return null;
    const bits = (b[21] ?? 0) | ((b[22] ?? 0) << 8) | ((b[23] ?? 0) << 16) | ((b[24] ?? 0) << 24);
    return { width: (bits & 0x3fff) + 1, height: ((bits >>> 14) & 0x3fff) + 1 };
  }
  if (chunk === 'VP8X') return { width: u24le(b, 24) + 1, height: u24le(b, 27) + 1 };
  return null;
}
