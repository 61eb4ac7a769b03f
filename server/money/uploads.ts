import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, relative, resolve, isAbsolute } from 'node:path';
import type { Config } from '../config.ts';
import type { CheckedImage } from './images.ts';

/**
 * Uploaded images live in UPLOAD_DIR (default DATA_DIR/uploads), never in the served app folder, under
 * random names, so a file can neither be guessed nor fetched by URL.
 */
export function uploadDir(config: Config): string {
  const dir = resolve(config.UPLOAD_DIR ?? join(config.DATA_DIR, 'uploads'));
  const fromStatic = relative(resolve(config.STATIC_DIR), dir);
  if (fromStatic === '' || (!fromStatic.startsWith('..') && !isAbsolute(fromStatic))) {
    throw new Error(`UPLOAD_DIR (${dir}) must not be inside STATIC_DIR: uploads would be served to anyone`);
  }
  return dir;
}

const EXT = { jpeg: 'jpg', png: 'png', webp: 'webp' } as const;

/** Writes the image under a fresh random name and answers that name (relative to the upload folder). */
export async function storeImage(config: Config, image: CheckedImage): Promise<string> {
  const dir = uploadDir(config);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const name = `${randomBytes(16).toString('hex')}.${EXT[image.type]}`;
  await writeFile(join(dir, name), image.bytes, { mode: 0o600, flag: 'wx' });
  return name;
}

export async function removeImages(config: Config, names: readonly string[]): Promise<void> {
  const dir = uploadDir(config);
  await Promise.all(names.map((n) => rm(join(dir, n), { force: true })));
}
