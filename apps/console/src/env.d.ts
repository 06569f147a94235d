/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's address when the console is hosted apart from it (empty: same origin). */
  readonly VITE_API_BASE?: string;
}

/** This build's id, stamped by vite.config.ts ('development' under the dev server). */
declare const __CONSOLE_BUILD_ID__: string;
