import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/section-card';
import { ChangeEmailCard } from '@/features/account/components/change-email-card';
import { ChangePasswordCard } from '@/features/account/components/change-password-card';
import { DataExportCard } from '@/features/account/components/data-export-card';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { BlockedMembers } from '@/features/safety/components/blocked-members';

/**
 * The account's own settings under the profile: sign-in address, password, sessions, the
 * members blocked, leaving.
 */
export function AccountSettings() {
  const { t } = useTranslation();
  return (
    <section id="account" className="d-grid gap-4" aria-labelledby="account-title">
      <h2 id="account-title" className="h4 mb-0 mt-2">
        {t('my_profile.account')}
      </h2>
      <ChangeEmailCard />
      <ChangePasswordCard />
      <SessionsCard />
      <SectionCard
        id="blocked"
        title={t('safety.blocked_title')}
        description={t('safety.blocked_description')}
      >
        <BlockedMembers />
      </SectionCard>
      <DataExportCard />
      <DeleteAccountCard />
    </section>
  );
}
