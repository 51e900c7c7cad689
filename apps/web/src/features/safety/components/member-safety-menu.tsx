import { Ban, Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ActionMenu, type MenuAction } from '@/components/action-menu';
import { useSafetyDialogs } from '../hooks/use-safety-dialogs';

/**
 * The "⋯" menu of a member (result card, conversation): block, and report the member or,
 * in a conversation, the conversation.
 */
export function MemberSafetyMenu({
  profile,
  conversation,
  onBlocked,
  buttonClassName,
  direction,
}: {
  profile: { id: number; name: string };
  conversation?: number;
  onBlocked?: () => void;
  buttonClassName?: string;
  direction?: 'down' | 'up';
}) {
  const { t } = useTranslation();
  const { askBlock, askReport, dialogs } = useSafetyDialogs(profile, onBlocked);
  const actions: MenuAction[] = [
    conversation === undefined
      ? {
          key: 'report',
          label: t('safety.report_member', { name: profile.name }),
          icon: <Flag size={16} aria-hidden="true" />,
          onSelect: () => askReport(),
        }
      : {
          key: 'report',
          label: t('safety.report_conversation'),
          icon: <Flag size={16} aria-hidden="true" />,
          onSelect: () => askReport({ conversation }),
        },
    {
      key: 'block',
      label: t('safety.block_member', { name: profile.name }),
      icon: <Ban size={16} aria-hidden="true" />,
      danger: true,
      onSelect: askBlock,
    },
  ];
  return (
    <>
      <ActionMenu
        label={t('safety.more_for', { name: profile.name })}
        actions={actions}
        {...(buttonClassName && { className: buttonClassName })}
        {...(direction && { direction })}
      />
      {dialogs}
    </>
  );
}
