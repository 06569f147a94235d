import type { UseFormReturn } from 'react-hook-form';
import { PasswordInput } from '@/components/password-input';
import { fieldErrorProps, FormField } from '@/components/form-field';

type PasswordPair = { password: string; confirmPassword: string };

type NewPasswordFieldsProps<Form extends PasswordPair> = {
  form: UseFormReturn<Form>;
  /** Element ids of the two controls. */
  ids: { password: string; confirm: string };
  labels: { password: string; confirm: string };
};

/** A new password, its confirmation and the password rules under them. */
export function NewPasswordFields<Form extends PasswordPair>({
  form,
  ids,
  labels,
}: NewPasswordFieldsProps<Form>) {
  // Only the pair is read or registered here, so the form's other fields do not matter.
  const pair = form as unknown as UseFormReturn<PasswordPair>;
  const { errors } = pair.formState;
  return (
    <>
      <FormField id={ids.password} label={labels.password} error={errors.password?.message}>
        <PasswordInput
          {...fieldErrorProps(ids.password, errors.password?.message)}
          autoComplete="new-password"
          {...pair.register('password', {
            // Once submitted, the confirmation's "do not match" follows the password as it is edited.
            onChange: () => {
              if (pair.formState.isSubmitted) void pair.trigger('confirmPassword');
            },
          })}
        />
      </FormField>
      <FormField id={ids.confirm} label={labels.confirm} error={errors.confirmPassword?.message}>
        <PasswordInput
          {...fieldErrorProps(ids.confirm, errors.confirmPassword?.message)}
          autoComplete="new-password"
          {...pair.register('confirmPassword')}
        />
      </FormField>
      <p className="-mt-1 text-xs text-muted-foreground">
        At least 8 characters, with a lowercase letter, an uppercase letter and a number.
      </p>
    </>
  );
}
