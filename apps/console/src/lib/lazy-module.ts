/** A module loaded on first use; `preload()` starts loading it earlier. */
export interface LazyModule<Module> {
  load: () => Promise<Module>;
  preload: () => void;
}

/**
 * Code a screen needs only once someone acts on it (the sign-in form's schema, and zod with it),
 * loaded when first needed or when `preload()` is called, so the screen shows without it. A
 * failed load is tried again on the next call.
 */
export function lazyModule<Module>(importModule: () => Promise<Module>): LazyModule<Module> {
  let loading: Promise<Module> | null = null;
  const load = () => {
    loading ??= importModule().catch((error: unknown) => {
      loading = null;
      throw error;
    });
    return loading;
  };
  return {
    load,
    preload: () => {
      load().catch(() => {
        // The next load tries again and reports.
      });
    },
  };
}
