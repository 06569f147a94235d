import { afterEach, describe, expect, it, vi } from 'vitest';
import { createWriteBuffer } from './write-buffer';

afterEach(() => {
  vi.useRealTimers();
});

describe('write buffer', () => {
  it('writes the latest entry per key once per interval', async () => {
    vi.useFakeTimers();
    const batches: Map<string, number>[] = [];
    const buffer = createWriteBuffer<number>({
      intervalMs: 1_000,
      flush: async (batch) => {
        batches.push(new Map(batch));
      },
    });
    buffer.add('device-a', 1);
    buffer.add('device-a', 2);
    buffer.add('device-b', 7);
    expect(buffer.size).toBe(2);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toEqual([
      new Map([
        ['device-a', 2],
        ['device-b', 7],
      ]),
    ]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(batches).toHaveLength(1);
    await buffer.close();
  });

  it('keeps a failed batch for the next flush, newer entries winning', async () => {
    const written: Map<string, string>[] = [];
    let fail = true;
    const onError = vi.fn();
    const buffer = createWriteBuffer<string>({
      intervalMs: 60_000,
      flush: async (batch) => {
        if (fail) throw new Error('database down');
        written.push(new Map(batch));
      },
      onError,
    });
    buffer.add('a', 'old');
    buffer.add('b', 'kept');
    await buffer.flush();
    expect(onError).toHaveBeenCalledWith(expect.any(Error), 2);
    buffer.add('a', 'new');
    fail = false;
    await buffer.flush();
    expect(written).toEqual([
      new Map([
        ['a', 'new'],
        ['b', 'kept'],
      ]),
    ]);
    await buffer.close();
  });

  it('runs one flush at a time and flushes what is left on close', async () => {
    let running = 0;
    let overlapped = false;
    const seen: string[] = [];
    const buffer = createWriteBuffer<string>({
      intervalMs: 60_000,
      flush: async (batch) => {
        running += 1;
        if (running > 1) overlapped = true;
        await new Promise((resolve) => setImmediate(resolve));
        seen.push(...batch.keys());
        running -= 1;
      },
    });
    buffer.add('a', 'x');
    const first = buffer.flush();
    buffer.add('b', 'y');
    const second = buffer.flush();
    buffer.add('c', 'z');
    await Promise.all([first, second]);
    await buffer.close();
    expect(overlapped).toBe(false);
    expect(seen).toEqual(['a', 'b', 'c']);
  });
});
