import { parse } from 'bowser';

/** How a session's device reads in the member's list: browser and major version, and the system. */
export interface Device {
  /** "Chrome 131"; '' when the User-Agent names no browser we know. */
  readonly browser: string;
  /** "Android"; ''. The system's version is left out: today's browsers freeze it ("Android 10" on every phone). */
  readonly os: string;
}

/** What a User-Agent longer than this says past it is not read: a header is the client's to fill. */
const READ_AT_MOST = 512;
/** Each part's length at most, in the database and on the screen. */
const PART_AT_MOST = 40;

const tidy = (text: string | undefined): string => (text ?? '').replace(/[^\p{L}\p{N} ._()/-]/gu, '').trim().slice(0, PART_AT_MOST).trim();

/**
 * The device a session signed in from, as the member will recognise it. Only these parsed names are kept, never
 * the User-Agent itself (nor is it logged): enough to tell one's phone from one's laptop, and no more.
 */
export function deviceOf(userAgent: string | undefined): Device {
  const ua = (userAgent ?? '').slice(0, READ_AT_MOST).trim();
  if (ua === '') return { browser: '', os: '' };
  try {
    const parsed = parse(ua);
    const major = /^\d+/.exec(parsed.browser.version ?? '')?.[0];
    const name = tidy(parsed.browser.name);
    return { browser: name === '' ? '' : tidy(major === undefined ? name : `${name} ${major}`), os: tidy(parsed.os.name) };
  } catch {
    // The parser throws on what it cannot read at all: a device with no name, not a failed sign-in.
    return { browser: '', os: '' };
  }
}
