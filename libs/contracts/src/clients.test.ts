import { describe, expect, it } from 'vitest';
import {
  createClientBodySchema,
  listClientsQuerySchema,
  listClientsResponseSchema,
  updateClientBodySchema,
} from './clients';
import { exampleClient } from './test-examples';
import { examplePagination, fieldCases, messagesAt } from './test-support';

const validCreate = {
  companyId: 'ACME-01',
  companyName: 'Acme Security Sdn Bhd',
  contactPerson: 'Tan Wei Ming',
  email: 'OPS@Acme.Example',
  phone: '+60 12-345 6789',
  address: '1 Jalan Ampang, Kuala Lumpur',
};

describe('client contracts', () => {
  it('parses a client list answer with its summary', () => {
    const summary = { totalClients: 1, activeClients: 1, totalLicences: 1, newThisMonth: 1 };
    const answer = {
      success: true,
      clients: [exampleClient],
      pagination: examplePagination,
      summary,
    };
    expect(listClientsResponseSchema.safeParse(answer).success).toBe(true);
  });

  it('lowercases the email of a new client', () => {
    expect(createClientBodySchema.parse(validCreate).email).toBe('ops@acme.example');
  });

  it.each(
    fieldCases(validCreate, [
      ['companyId', undefined, 'Company ID is required'],
      ['companyId', '  ', 'Company ID is required'],
      [
        'companyId',
        'ACME/01',
        'Company ID may contain only letters, numbers, hyphens and underscores',
      ],
      ['companyName', undefined, 'Company name is required'],
      ['contactPerson', '', 'Contact person is required'],
      ['email', undefined, 'Email is required'],
      ['email', 'ops@acme', 'Please enter a valid email address'],
      ['phone', ' ', 'Phone number is required'],
      ['address', undefined, 'Address is required'],
    ]),
  )('says $message for $name', ({ input, path, message }) => {
    expect(messagesAt(createClientBodySchema, input, path)).toEqual([message]);
  });

  it('does not accept a companyId change on edit', () => {
    expect(updateClientBodySchema.parse(validCreate)).not.toHaveProperty('companyId');
  });

  it('reads the list query from URL strings, with 10 rows by default', () => {
    expect(listClientsQuerySchema.parse({})).toMatchObject({
      page: 1,
      limit: 10,
      exportCsv: false,
    });
    const query = listClientsQuerySchema.parse({
      exportCsv: '1',
      active: 'false',
      sortBy: 'companyName',
      sortOrder: 'asc',
    });
    expect(query).toMatchObject({
      exportCsv: true,
      active: false,
      sortBy: 'companyName',
      sortOrder: 'asc',
    });
    expect(listClientsQuerySchema.safeParse({ sortBy: 'password' }).success).toBe(false);
  });
});
