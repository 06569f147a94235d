import { describe, expect, it } from 'vitest';
import { formatBytesAsGb, formatFileSize } from './file-size';

describe('formatFileSize', () => {
  it.each<[number | null | undefined, string]>([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [1024 * 1024, '1 MB'],
    [5.25 * 1024 * 1024, '5.25 MB'],
    [209715200, '200 MB'],
    [1024 ** 3, '1 GB'],
    [3 * 1024 ** 4, '3072 GB'],
    [-1, 'N/A'],
    [Number.NaN, 'N/A'],
    [null, 'N/A'],
    [undefined, 'N/A'],
  ])('%j is %s', (bytes, expected) => {
    expect(formatFileSize(bytes)).toBe(expected);
  });
});

describe('formatBytesAsGb', () => {
  it.each<[number | null | undefined, string]>([
    [0, '0.0 GB'],
    [1024 ** 3, '1.0 GB'],
    [3.5 * 1024 ** 3, '3.5 GB'],
    [3.46 * 1024 ** 3, '3.5 GB'],
    [512 * 1024 ** 2, '0.5 GB'],
    [null, 'N/A'],
    [-5, 'N/A'],
  ])('%j is %s', (bytes, expected) => {
    expect(formatBytesAsGb(bytes)).toBe(expected);
  });
});
