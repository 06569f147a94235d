import type { FieldValues, Resolver } from 'react-hook-form';

/** A form resolver loaded on first use; preload() starts loading it earlier. */
export type LazyResolver<Values extends FieldValues> = Resolver<Values> & { preload: () => void };

/**
 * A react-hook-form resolver whose code (a contract's zod schema, and zod itself) loads when the
 * form is first validated, or once preload() is called (when the form first gets focus). For the
 * sign-in page: it shows without waiting for the schema library. A failed load is tried again on
 * the next validation.
 */
export function lazyResolver<Values extends FieldValues>(
  load: () => Promise<Resolver<Values>>,
): LazyResolver<Values> {
  let loading: Promise<Resolver<Values>> | null = null;
  const loaded = () => {
    loading ??= load().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  const resolver: Resolver<Values> = async (values, context, options) =>
    (await loaded())(values, context, options);
  return Object.assign(resolver, {
    preload: () => {
      loaded().catch(() => {
        // Validation itself tries again and reports.
      });
    },
  });
}
