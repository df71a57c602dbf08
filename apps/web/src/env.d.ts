/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The web app's package version, sent as `x-app-version` (set in vite.config.ts). */
  readonly VITE_APP_VERSION: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
