import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isNotActivated } from '@/lib/activation-required';
import { api } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { isVerificationRequired } from '../utils/verification-required';

/** GET /api/chat.php?profile=: the conversation with a member (made if needed), then open it. */
export function useStartChat(options: { replace?: boolean } = {}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (profileId: number) =>
      api.get<{ id: number }>(`/api/chat.php?profile=${profileId}`),
    onSuccess: ({ id }) => navigate(`/chats/${id}`, { replace: options.replace ?? false }),
    // Spec section 8: a danger toast titled 'Error'; an unconfirmed address has the app's
    // own explanation (decision 026), and a member who hears from verified members only the
    // caller's (VerificationRequiredDialog, issue 48).
    onError: (error) => {
      if (!isNotActivated(error) && !isVerificationRequired(error)) {
        toast.error(`${t('common.error_title')}: ${t('chats.start_failed')}`);
      }
    },
  });
}
