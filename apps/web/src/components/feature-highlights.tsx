import { Heart, MessageCircle, Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';

const FEATURES = [
  { key: 'search', icon: Search },
  { key: 'like', icon: Heart },
  { key: 'chat', icon: MessageCircle },
] as const;

/** What members do here (search, like, chat): as cards on the home page, compact on landers. */
export function FeatureHighlights({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="row g-3">
      {FEATURES.map(({ key, icon: Icon }) => (
        <div key={key} className={compact ? 'col-sm-4' : 'col-md-4'}>
          <div className={compact ? '' : 'card h-100'}>
            <div className={compact ? '' : 'card-body'}>
              <div className={`feature-icon ${compact ? 'mb-2' : 'mb-3'}`} aria-hidden="true">
                <Icon />
              </div>
              <h2 className={compact ? 'h6 fw-semibold' : 'h5'}>
                {t(`home.feature_${key}_title`)}
              </h2>
              <p className={`mb-0 text-body-secondary ${compact ? 'small' : ''}`}>
                {t(`home.feature_${key}_text`)}
              </p>
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
