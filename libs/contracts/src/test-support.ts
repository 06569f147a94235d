import type { z } from 'zod';

/** Fixed values for example payloads in tests. */
export const exampleId = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';
export const exampleTime = '2025-06-19T10:00:00.000Z';
export const examplePagination = {
  currentPage: 1,
  totalPages: 1,
  totalCount: 1,
  limit: 20,
  hasNext: false,
  hasPrev: false,
};

/** A copy of `base` with the field at dotted `path` replaced (or removed when `value` is undefined). */
export function withField(base: object, path: string, value: unknown): unknown {
  const copy: Record<string, unknown> = JSON.parse(JSON.stringify(base)) as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop() as string;
  let target = copy;
  for (const key of keys) target = target[key] as Record<string, unknown>;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy;
}

/** The messages a failed parse gives at dotted `path`, or [] when that field passed. */
export function messagesAt(schema: z.ZodType, input: unknown, path: string): string[] {
  const result = schema.safeParse(input);
  if (result.success) return [];
  return result.error.issues
    .filter((issue) => issue.path.join('.') === path)
    .map((issue) => issue.message);
}

/** A bad value for one field and the message it must give: [path, value, message]. */
export type FieldCase = [path: string, value: unknown, message: string];

/** Table rows for `it.each`: each case applied to `valid`, with a readable name. */
export function fieldCases(valid: object, cases: FieldCase[]) {
  return cases.map(([path, value, message]) => ({
    name: `${path} = ${JSON.stringify(value) ?? 'missing'}`,
    input: withField(valid, path, value),
    path,
    message,
  }));
}
