import type { User } from '@patrol/contracts';
import type { UseFormSetError } from 'react-hook-form';
import { toast } from 'sonner';
import { useCreateUser } from '@/features/users/api/create-user';
import { useUpdateUser } from '@/features/users/api/update-user';
import { userFormFields, type UserFormValues } from '@/features/users/lib/user-form';
import { showServerFieldErrors } from '@/lib/form-errors';

/**
 * Creates (`user` null) or updates a user from the form's values; resolves true once saved. A
 * refusal puts the server's messages on the fields and in a toast.
 */
export function useSaveUser(user: User | null, setError: UseFormSetError<UserFormValues>) {
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();

  const saveUser = async (values: UserFormValues): Promise<boolean> => {
    try {
      if (!user) {
        await createUser.mutateAsync(values);
        toast.success('User created successfully');
      } else {
        const { username, email, fullName, role, status } = values;
        await updateUser.mutateAsync({
          userId: user.id,
          body: { username, email, fullName, role, status },
        });
        toast.success('User updated successfully');
      }
      return true;
    } catch (error) {
      const fromServer = showServerFieldErrors(error, setError, userFormFields);
      toast.error((fromServer && error.message) || 'Failed to save user');
      return false;
    }
  };

  return { saveUser, pending: createUser.isPending || updateUser.isPending };
}
