import { MessageCircle } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStartChat } from '../api/start-chat';
import { isVerificationRequired } from '../utils/verification-required';
import { VerificationRequiredDialog } from './verification-required-dialog';

interface Props {
  profile: { id: number; name: string };
  /**
   * `sm`: the icon of a member card, named after the member since many sit side by side;
   * `lg`: the profile's labelled button.
   */
  size?: 'sm' | 'lg';
}

/** Opens the conversation with a member, starting it if there is none yet. */
export function StartChatButton({ profile, size = 'sm' }: Props) {
  const { t } = useTranslation();
  const startChat = useStartChat();
  // The member hears from verified members only: the way to verification opens here.
  const [verifyFirst, setVerifyFirst] = useState(false);
  const start = () =>
    startChat.mutate(profile.id, {
      onError: (error) => setVerifyFirst(isVerificationRequired(error)),
    });
  const dialog = verifyFirst && (
    <VerificationRequiredDialog onClose={() => setVerifyFirst(false)} />
  );

  if (size === 'lg') {
    return (
      <>
        <button
          type="button"
          className="btn btn-outline-secondary flex-fill flex-sm-grow-0 d-inline-flex align-items-center justify-content-center gap-2"
          disabled={startChat.isPending}
          onClick={start}
        >
          <MessageCircle size={20} aria-hidden="true" />
          {t('member.start_chat')}
        </button>
        {dialog}
      </>
    );
  }
  const name = t('search.chat_with', { name: profile.name });
  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-secondary flex-fill"
        aria-label={name}
        title={name}
        disabled={startChat.isPending}
        onClick={start}
      >
        <MessageCircle size={18} aria-hidden="true" />
      </button>
      {dialog}
    </>
  );
}
