import { existsSync, mkdirSync, mkdtempSync, utimesSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirInUseError, dataDirLockStaleMs, lockDataDir } from './data-dir-lock';

const freshDir = () => mkdtempSync(join(tmpdir(), 'patrol-lock-'));

describe('the embedded data directory lock', () => {
  it('is taken beside the directory and released', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });

  it('refuses a second holder while the first holds it', () => {
    const dir = freshDir();
    const release = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
    release();
    lockDataDir(dir)();
  });

  it('refuses a directory whose lock another process keeps fresh', () => {
    const dir = freshDir();
    mkdirSync(`${dir}.lock`);
    expect(() => lockDataDir(dir)).toThrow(`${dir} is in use by another process`);
  });

  it('takes over the lock of a process that stopped refreshing it (gone)', () => {
    const dir = freshDir();
    mkdirSync(`${dir}.lock`);
    const past = new Date(Date.now() - dataDirLockStaleMs - 1_000);
    utimesSync(`${dir}.lock`, past, past);
    const release = lockDataDir(dir);
    expect(existsSync(`${dir}.lock`)).toBe(true);
    release();
    expect(existsSync(`${dir}.lock`)).toBe(false);
  });
});
