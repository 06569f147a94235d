import { describe, expect, it } from 'vitest';
import { listState } from '@/lib/list-state';

const noRows = (rows: string[]) => rows.length === 0;

describe('listState', () => {
  it('is loading until the first page arrives', () => {
    expect(listState({ isError: false, data: undefined }, noRows)).toEqual({ status: 'loading' });
  });

  it('has failed when the read failed, even with an earlier page on screen', () => {
    expect(listState({ isError: true, data: undefined }, noRows)).toEqual({ status: 'failed' });
    expect(listState({ isError: true, data: ['a'] }, noRows)).toEqual({ status: 'failed' });
  });

  it('is empty or listed, with the page, as the list says', () => {
    expect(listState({ isError: false, data: [] }, noRows)).toEqual({ status: 'empty', data: [] });
    expect(listState({ isError: false, data: ['a'] }, noRows)).toEqual({
      status: 'listed',
      data: ['a'],
    });
  });
});
