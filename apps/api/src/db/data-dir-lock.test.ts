import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'patrol-lock-'));

describe('the embedded data directory lock', () => {
  it('records this process and is released', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'lock.pid'), 'utf8')).toBe(String(process.pid));
    release();
    expect(existsSync(join(dir, 'lock.pid'))).toBe(false);
  });

  it('refuses a second holder while the first is alive', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    lockDataDir(dir)();
  });

  it('refuses a directory locked by another live process', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'lock.pid'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(`in use by process ${process.ppid}`);
  });

  it('takes over the lock of a process that is gone', () => {
    const dir = freshDir();
    writeFileSync(join(dir, 'lock.pid'), '2147483646');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'lock.pid'), 'utf8')).toBe(String(process.pid));
    release();
  });
});
