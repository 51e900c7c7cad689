import { ChangeEmailCard } from '@/features/account/components/change-email-card';
import { ChangePasswordCard } from '@/features/account/components/change-password-card';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';

/** The account's own settings under the profile: sign-in address, password, leaving. */
export function AccountSettings() {
  return (
    <>
      <ChangeEmailCard />
      <ChangePasswordCard />
      <DeleteAccountCard />
    </>
  );
}
