import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { changeListedRow } from './optimistic-list';

const key = ['billing', 'quotations', { page: 1 }];
const rows = [
  { id: 'a', status: 'draft' },
  { id: 'b', status: 'sent' },
];

describe('changeListedRow', () => {
  it('changes one row at once and the undo puts the list back', () => {
    const client = new QueryClient();
    client.setQueryData(key, { success: true, quotations: rows });
    const undo = changeListedRow<(typeof rows)[number]>(client, key, 'quotations', 'b', (row) => ({
      ...row,
      status: 'accepted',
    }));
    expect(client.getQueryData(key)).toEqual({
      success: true,
      quotations: [rows[0], { id: 'b', status: 'accepted' }],
    });
    undo();
    expect(client.getQueryData(key)).toEqual({ success: true, quotations: rows });
  });

  it('takes a row out when the change answers null, and leaves an uncached list alone', () => {
    const client = new QueryClient();
    client.setQueryData(key, { quotations: rows });
    changeListedRow(client, key, 'quotations', 'a', () => null);
    expect(client.getQueryData(key)).toEqual({ quotations: [rows[1]] });
    const undo = changeListedRow(client, ['other'], 'quotations', 'a', () => null);
    undo();
    expect(client.getQueryData(['other'])).toBeUndefined();
  });
});
