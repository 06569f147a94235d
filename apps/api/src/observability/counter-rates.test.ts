import { describe, expect, it } from 'vitest';
import { createCounterRates } from './counter-rates';

describe('counter rates', () => {
  it('answers per-second rates between samples, none before the second', () => {
    let time = 0;
    const rates = createCounterRates<'transactions' | 'rows'>({ now: () => time });
    expect(rates.update({ transactions: 100, rows: 1_000 })).toBeNull();
    time = 5_000;
    expect(rates.update({ transactions: 150, rows: 6_000 })).toEqual({
      perSecond: { transactions: 10, rows: 1_000 },
      seconds: 5,
    });
  });

  it('repeats the last rates to a reader within the minimum interval', () => {
    let time = 0;
    const rates = createCounterRates<'transactions'>({ now: () => time, minIntervalMs: 1_000 });
    rates.update({ transactions: 0 });
    time = 2_000;
    const first = rates.update({ transactions: 20 });
    time = 2_001;
    expect(rates.update({ transactions: 21 })).toEqual(first);
    time = 4_000;
    expect(rates.update({ transactions: 60 })?.perSecond.transactions).toBe(20);
  });

  it('starts again when the counters go backwards (statistics reset)', () => {
    let time = 0;
    const rates = createCounterRates<'transactions'>({ now: () => time });
    rates.update({ transactions: 500 });
    time = 2_000;
    expect(rates.update({ transactions: 10 })).toBeNull();
    time = 4_000;
    expect(rates.update({ transactions: 30 })?.perSecond.transactions).toBe(10);
  });
});
