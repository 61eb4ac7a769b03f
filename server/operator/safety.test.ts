import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DirLockedError, lockDataDir } from '../db/dir-lock.ts';
import { forTerminal } from './terminal.ts';

const dir = mkdtempSync(join(tmpdir(), 'cw-lock-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the operator tool never opens a PGlite directory a live server holds', () => {
  it('a second holder is refused while the first lives, and gets it once released', () => {
    const release = lockDataDir(dir, 'server');
    expect(() => lockDataDir(dir, 'operator tool')).toThrow(DirLockedError);
    expect(() => lockDataDir(dir, 'operator tool')).toThrow(`the server (pid ${process.pid}) holds this data directory`);
    release();
    lockDataDir(dir, 'operator tool')();
  });

  it('a lock left by a process that died is taken over', () => {
    // A pid far above any real one on this machine (pid_max is at most 2^22).
    writeFileSync(join(dir, 'pglite.lock'), JSON.stringify({ pid: 2 ** 30, holder: 'server' }));
    const release = lockDataDir(dir, 'operator tool');
    expect(JSON.parse(readFileSync(join(dir, 'pglite.lock'), 'utf8'))).toEqual({ pid: process.pid, holder: 'operator tool' });
    release();
  });
});

describe('member text is escaped for the terminal', () => {
  it('shows escape sequences, other control characters and bidi overrides as visible escapes', () => {
    const hostile = 'ok\u001b[2J\u001b]0;pwned\u0007\rfake line\u0000\u009b\u202eevil';
    const shown = forTerminal(hostile);
    expect(shown).toBe('ok\\u001b[2J\\u001b]0;pwned\\u0007\\u000dfake line\\u0000\\u009b\\u202eevil');
    // eslint-disable-next-line no-control-regex
    expect(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/.test(shown)).toBe(false);
    expect(forTerminal('line one\nline two\tx, 你好 👋')).toBe('line one\nline two\tx, 你好 👋');
  });
});
