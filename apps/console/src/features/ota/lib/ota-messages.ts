import { commonMessages } from '@patrol/contracts';

/**
 * The OTA screen's own messages (spec 2 section 8), verbatim. The API's messages (uploaded,
 * activated, file checks) come from the contracts' otaMessages.
 */
export const otaScreenMessages = {
  /** A 401 from an OTA call: the status shows Auth Required with this hint. */
  unauthorized: commonMessages.unauthenticated,
  unauthorizedHint: 'Please log in again',
  /** A call refused locally within 5 s of a 401. */
  authThrottled: 'Authentication failed (throttled)',
  rateLimited: 'Too many requests. Please wait before trying again.',
  circuitOpen: 'Circuit breaker is open - please wait before retrying',
  requestFailed: (status: number) => `Request failed with status ${status}`,
  loadVersionsFailed: (reason: string) => `Failed to load versions: ${reason}`,

  activationFailed: 'Activation Failed',
  deactivationFailed: 'Deactivation Failed',
  deleteFailed: 'Delete Failed',
  rolloutFailed: 'Rollout Change Failed',
  checksumCopied: 'Checksum copied',
  mappingFailed: 'APK uploaded; the mapping was not. Upload it again from Version Details.',

  upload: {
    success: 'Upload Successful',
    timeout: {
      title: 'Upload Timeout',
      description: 'The upload took too long. Please try a smaller file or a faster connection.',
    },
    network: {
      title: 'Network Error',
      description: 'The server could not be reached. Please check your connection and try again.',
    },
    tooLarge: {
      title: 'File Too Large',
      description: 'The APK file is too large. Maximum size is 200MB.',
    },
    unauthorized: {
      title: 'Authentication Error',
      description: 'Session expired. Please log in again.',
    },
    failed: { title: 'Upload Failed', description: 'Failed to upload APK. Please try again.' },
    cancelled: 'Upload cancelled',
  },

  /** The generic API messages of the version actions. */
  generic: {
    rateLimited: 'Too many requests. Please wait a moment before trying again.',
    forbidden: 'You do not have permission to perform this action.',
    sessionExpired: 'Session expired. Please log in again.',
    serverError: 'Server error. Please try again later.',
    failed: (operation: string) => `Failed to complete ${operation}. Please try again.`,
  },

  empty: { title: 'No versions uploaded yet', description: 'Upload your first APK to get started' },
  boundary: {
    title: 'OTA Management Error',
    description: 'The OTA screen failed to render. Reloading the page usually fixes it.',
  },
} as const;
