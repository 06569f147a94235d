import type { CustomPermissions, Permission, UserResponse } from '@patrol/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { getUserPermissions } from '@/features/users/api/get-user-permissions';
import { queryKeys } from '@/lib/query-keys';
import { api } from '@/lib/api-client';

export type UpdateUserPermissionsVariables = {
  userId: string;
  permissions: Permission[];
  /** The per-user overrides to keep; without them the server clears the user's overrides. */
  customPermissions?: CustomPermissions;
};

/** Spec 2 section 9: the effective permissions are re-read this long after a save. */
export const permissionsRereadDelayMs = 1000;

/**
 * PUT /api/users/{id} with { permissions, customPermissions }: the checked set becomes the user's
 * permissions, with the overrides sent.
 */
export async function updateUserPermissions({
  userId,
  permissions,
  customPermissions,
}: UpdateUserPermissionsVariables): Promise<void> {
  await api.put<UserResponse>(`/api/users/${encodeURIComponent(userId)}`, {
    permissions,
    ...(customPermissions && { customPermissions }),
  });
}

/** True when the user's effective permissions are exactly `sent`, in any order. */
export async function permissionsWereSaved(
  userId: string,
  sent: readonly Permission[],
): Promise<boolean> {
  const { effectivePermissions } = await getUserPermissions(userId);
  const saved = new Set<string>(effectivePermissions);
  return saved.size === new Set(sent).size && sent.every((permission) => saved.has(permission));
}

/** Saves a user's permissions and refreshes the user lists and permission details. */
export function useUpdateUserPermissions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserPermissions,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.users.all }),
  });
}
