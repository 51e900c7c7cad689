import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { useStartChat } from '@/features/chats/api/start-chat';
import { VerificationRequiredDialog } from '@/features/chats/components/verification-required-dialog';
import { isVerificationRequired } from '@/features/chats/utils/verification-required';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useSession } from '../../session/session-context';

/**
 * /members/:memberId/chat: opens the conversation with that member (made on first use)
 * in place of this address. Visitors log in first and come back here; when the chat
 * cannot start, the spec's error toast shows and the member's profile opens (after the
 * offer to verify, when the member hears from verified members only).
 */
export function Component() {
  const { t } = useTranslation();
  const { memberId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isLoggedIn } = useSession();
  const startChat = useStartChat({ replace: true });
  const started = useRef(false);
  const [verifyFirst, setVerifyFirst] = useState(false);
  useDocumentTitle(t('routes.members-memberId-chat.title'));

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    if (!isLoggedIn) {
      navigate(`/login?redirect=${encodeURIComponent(pathname)}`, { replace: true });
      return;
    }
    startChat.mutate(Number(memberId), {
      onError: (error) => {
        // The member hears from verified members only: say so here, then show the profile.
        if (isVerificationRequired(error)) setVerifyFirst(true);
        else navigate(`/members/${memberId}`, { replace: true });
      },
    });
  }, [isLoggedIn, memberId, navigate, pathname, startChat]);

  if (verifyFirst) {
    return (
      <VerificationRequiredDialog
        onClose={() => navigate(`/members/${memberId}`, { replace: true })}
      />
    );
  }
  return (
    <div className="chat-screen justify-content-center align-items-center" aria-busy="true">
      <div className="d-flex align-items-center gap-2 text-body-secondary" role="status">
        <span className="spinner-border spinner-border-sm" aria-hidden="true" />
        {t('chat.starting')}
      </div>
    </div>
  );
}
