// Plain strings apart from the schemas: a screen that only shows a message does not load zod.
/** Messages the API and console share (spec 1 section 8, spec 2 section 8). */
export const commonMessages = {
  forbidden: 'You do not have permission to perform this action.',
  unauthenticated: 'Authentication required. Please log in again.',
  rateLimited: 'Too many requests. Please wait a moment before trying again.',
  serverError: 'Server error occurred. Please try again later.',
  serviceUnavailable: 'Service temporarily unavailable',
  network: 'Network connection failed. Please check your internet connection.',
  socketAuthRequired: 'Authentication required for this operation',
} as const;
