import { appInfo } from '@patrol/contracts';

/** The console build running in this page, as the update check names it. */
export type LoadedBuild = { id: string; version: string };

/** 'development' under the dev server and in unit tests, where no build was stamped. */
export const developmentBuildId = 'development';

/** This page's build: the id vite.config.ts stamped into the bundle, and the console's version. */
export const loadedBuild: LoadedBuild = {
  id: typeof __CONSOLE_BUILD_ID__ === 'string' ? __CONSOLE_BUILD_ID__ : developmentBuildId,
  version: appInfo.version,
};
