import { type MemberPrompt, nextMemberPrompt } from '@amora/shared/rules/member-prompts';
import type { User } from '@amora/shared/schemas/user';
import { BellRing, Camera, FileText, MapPin, UserRound } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSettings } from '@/lib/settings-query';
import { readValue, storeValue } from '@/lib/storage';
import { usePush } from '@/lib/use-push';

const ICONS: Record<MemberPrompt, typeof BellRing> = {
  push: BellRing,
  photo: Camera,
  location: MapPin,
  details: UserRound,
  about: FileText,
};

/** Where each prompt's action leads on the profile page (push acts in place). */
const TARGETS: Record<Exclude<MemberPrompt, 'push'>, string> = {
  photo: '/profile#photos',
  location: '/profile#location',
  details: '/profile#details',
  about: '/profile#about',
};

const storageKey = (memberId: number) => `amora_prompts_dismissed_${memberId}`;

function readDismissed(memberId: number): Set<MemberPrompt> {
  try {
    return new Set(JSON.parse(readValue(storageKey(memberId)) ?? '[]') as MemberPrompt[]);
  } catch {
    return new Set();
  }
}

/** The one logged-in prompt due now (spec section 1), with its action and "not now". */
export function MemberPrompts({ user }: { user: User }) {
  const { t } = useTranslation();
  const settings = useSettings().data;
  const push = usePush(settings ? settings.push_pub || null : undefined);
  const [dismissed, setDismissed] = useState(() => readDismissed(user.id));
  const [busy, setBusy] = useState(false);
  const { profile } = user;
  const prompt = nextMemberPrompt(
    {
      pushOffered: push.status === 'capable',
      hasPhoto: profile.images.length > 0,
      hasLocation: Boolean(profile.country && profile.city),
      hasDetails: Boolean(profile.gender && profile.date_of_birth),
      hasAbout: Boolean(profile.notes.personal?.trim()),
    },
    dismissed,
  );
  if (!prompt) return null;

  const dismiss = () => {
    const next = new Set(dismissed).add(prompt);
    storeValue(storageKey(user.id), JSON.stringify([...next]));
    setDismissed(next);
  };
  const Icon = ICONS[prompt];
  return (
    <aside
      className="member-prompt card mt-3"
      aria-labelledby="member-prompt-title"
      data-prompt={prompt}
    >
      <div className="card-body d-flex flex-wrap align-items-center gap-3 p-3">
        <span className="feature-icon flex-shrink-0" aria-hidden="true">
          <Icon />
        </span>
        <div className="flex-grow-1 member-prompt-text">
          <h2 id="member-prompt-title" className="h6 mb-1">
            {t(`prompts.${prompt}.title`)}
          </h2>
          <p className="small text-body-secondary mb-0">{t(`prompts.${prompt}.text`)}</p>
        </div>
        <div className="d-flex gap-2 ms-auto">
          <button type="button" className="btn btn-link btn-sm" onClick={dismiss}>
            {t('prompts.not_now')}
          </button>
          {prompt === 'push' ? (
            <button
              type="button"
              className="btn btn-primary btn-sm"
              disabled={busy}
              onClick={async () => {
                setBusy(true);
                await push.subscribe();
                setBusy(false);
              }}
            >
              {t('prompts.push.action')}
            </button>
          ) : (
            <Link to={TARGETS[prompt]} className="btn btn-primary btn-sm">
              {t(`prompts.${prompt}.action`)}
            </Link>
          )}
        </div>
      </div>
    </aside>
  );
}
