import type { CamProfile } from '@amora/shared/schemas/partner-tiles';
import { Megaphone, Video } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A paid-partner tile among the results (spec section 2): clearly marked as a partner, and a
 * click is the member's own navigation to the partner through our redirect.
 */
export function PartnerTile({ kind, cam }: { kind: 'cams' | 'ads'; cam?: CamProfile | undefined }) {
  const { t } = useTranslation();
  if (kind === 'cams' && cam) {
    return (
      <a
        className="card member-card partner-tile h-100 text-reset"
        href={`/api/xcams/redirect.php?account=${encodeURIComponent(cam.account)}`}
        rel="sponsored noopener"
      >
        <div className="member-photo position-relative">
          <img src={cam.thumb_url} alt="" loading="lazy" />
          {cam.live && (
            <span className="badge text-bg-danger position-absolute top-0 start-0 m-2">
              {t('partners.live')}
            </span>
          )}
        </div>
        <div className="card-body p-2 p-sm-3">
          <p className="h6 mb-0">
            {cam.name}, {cam.age}
          </p>
          <p className="small text-body-secondary mb-0 d-flex align-items-center gap-1">
            <Video size={14} aria-hidden="true" /> {t('partners.cam_label')}
          </p>
        </div>
      </a>
    );
  }
  return (
    <a
      className="card member-card partner-tile h-100 text-reset"
      href="/api/resellpartner.php?flow=profile-search&redirect=1"
      rel="sponsored noopener"
    >
      <div className="member-photo member-photo-empty">
        <Megaphone size={48} aria-hidden="true" />
      </div>
      <div className="card-body p-2 p-sm-3">
        <p className="h6 mb-0">{t('partners.ad_title')}</p>
        <p className="small text-body-secondary mb-0">{t('partners.ad_label')}</p>
      </div>
    </a>
  );
}
