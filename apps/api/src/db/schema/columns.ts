import { sql } from 'drizzle-orm';
import { jsonb, numeric, timestamp } from 'drizzle-orm/pg-core';

// Every timestamp is timezone-aware and read back as a Date.
export const timestamptz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
export const createdAt = () => timestamptz('created_at').notNull().defaultNow();
export const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

// Money is exact: numeric(14,2), read back as a decimal string and converted to integer sen.
export const money = (name: string) => numeric(name, { precision: 14, scale: 2 });
// Rates are fractions (0.08 = 8 percent).
export const rate = (name: string) => numeric(name, { precision: 7, scale: 4 });

export const stringArray = (name: string) =>
  jsonb(name)
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`);
export const jsonObject = <T extends object = Record<string, unknown>>(name: string) =>
  jsonb(name)
    .$type<T>()
    .notNull()
    .default(sql`'{}'::jsonb`);
