// A module of its own so the shell loads the download stream's schema (and zod) only when an
// update is downloaded, not before the first screen.
export { dashboardDownloadEventSchema } from '@patrol/contracts';
