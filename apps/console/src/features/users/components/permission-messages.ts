/** Spec 2 section 9: how long the "sign in again" notice stays after editing one's own permissions. */
export const ownPermissionsNoticeMs = 8000;

export const permissionMessages = {
  saved: 'Permissions updated successfully',
  saveFailed: 'Failed to update permissions',
  loadFailed: 'Failed to load user permissions',
  mismatch: 'Warning: Permissions may not have been saved correctly. Please verify the changes.',
  ownPermissions:
    'You changed your own permissions. Log out and sign in again for the changes to take effect.',
} as const;
