/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The API's address when the console is hosted apart from it (empty: same origin). */
  readonly VITE_API_BASE?: string;
}
