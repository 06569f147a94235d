import { describe, expect, it } from 'vitest';
import {
  combine,
  filterParts,
  minDistinctRequests,
  pageParts,
  rotation,
  sortParts,
} from './rotation';

describe('combine', () => {
  it('gives every combination of the axes, once each', () => {
    expect(combine('/api/x', ['page=1', 'page=2'], filterParts('search', ['a b']))).toEqual([
      '/api/x?page=1',
      '/api/x?page=1&search=a%20b',
      '/api/x?page=2',
      '/api/x?page=2&search=a%20b',
    ]);
    expect(combine('/api/x?limit=10', ['', ''])).toEqual(['/api/x?limit=10']);
  });

  it('sorts each field both ways', () => {
    expect(sortParts(['name'])).toEqual([
      'sortBy=name&sortOrder=desc',
      'sortBy=name&sortOrder=asc',
    ]);
  });
});

describe('rotation', () => {
  const paths = combine('/api/x', pageParts(1, 30), sortParts(['name']));

  it('refuses fewer distinct requests than look like many staff', () => {
    expect(() => rotation(paths.slice(0, minDistinctRequests - 1))).toThrow(/at least 50/);
  });

  it('sends every distinct path once per turn, with the headers given', () => {
    const { request, distinct } = rotation(paths, { headers: { authorization: 'Bearer t' } });
    const sent = Array.from({ length: distinct }, () =>
      request.setupRequest({ method: 'GET', path: '/', headers: {} }, {} as never),
    );
    expect(new Set(sent.map((one) => one!.path))).toEqual(new Set(paths));
    expect(sent[0]!.headers).toEqual({ authorization: 'Bearer t' });
  });

  it('counts the requests sent again within the window', () => {
    const turn = rotation(paths, { repeatWindowMs: 60_000 });
    for (let n = 0; n < paths.length * 2; n++) {
      turn.request.setupRequest({ method: 'GET', path: '/' }, {} as never);
    }
    expect(turn.describe()).toBe('60 distinct, 50% within 60 s of the same');
  });
});
