// Plain strings and lists apart from the schemas: the console's update notices show these
// messages and check stored notices against these lists without loading zod (updates.ts builds
// its schemas from them).
import { otaPlatforms } from './ota-constants';

/**
 * Update notices (spec 2 sections 2.8, 3, 4 and 7): the console learns that the server runs a
 * newer console build than the one loaded, downloads it and reloads; staff hear of new app
 * releases and distribute them.
 */
export const updateMessages = {
  buildIdRequired: 'Send the build id of the console that is loaded',
  buildIdCharacters: 'A build id may contain only letters, numbers, dots, hyphens and underscores',
  noBuildServed: 'This server does not serve a console build, so there is no update to apply.',
  nothingToApply: 'The console loaded is already the latest build: there is nothing to apply.',
  buildSuperseded: 'A newer console build was published while this one downloaded: download again.',
  buildIncomplete: (path: string) => `The new console build is incomplete: ${path} is missing.`,
  buildCorrupt: (path: string) => `The new console build is damaged: ${path} fails its checksum.`,
  ready: (version: string) => `Console ${version} is ready: the page reloads in 3 seconds.`,
  channelChanged: (channel: string) => `Update channel set to ${channel}`,
  distributeVersionRequired: 'Choose the version to distribute',
  distributed: (version: string, platform: string) =>
    `Version ${version} is now distributed to ${platform === 'ios' ? 'iOS' : 'Android'} devices`,
  // The notices of spec 2 section 4, with the console's own for a new build or release.
  updateFailed: 'Update Failed',
  distributionFailed: 'Distribution Failed',
  notAuthenticated: 'Not authenticated',
} as const;

/** What an update notice announces. */
export const updateNotificationTypes = [
  'dashboard_update',
  'mobile_update',
  'update_failed',
  'distribution_failed',
] as const;

/** How urgent an update notice is. */
export const updateNotificationPriorities = ['low', 'medium', 'high'] as const;

/** What an update notice is about: the console itself or an app platform. */
export const updateNotificationPlatforms = ['dashboard', ...otaPlatforms] as const;
