import { useTranslation } from 'react-i18next';

/** The page's shape while the profile loads. */
export function ProfileSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="py-3" aria-busy="true">
      <span className="visually-hidden" role="status">
        {t('common.loading')}
      </span>
      <div className="row g-4" aria-hidden="true">
        <div className="col-md-5">
          <div className="member-photo rounded-4 placeholder-glow">
            <span className="placeholder w-100 h-100" />
          </div>
        </div>
        <div className="col-md-7 placeholder-glow">
          <span className="placeholder placeholder-lg col-7 rounded mb-3" />
          <span className="placeholder col-5 rounded d-block mb-2" />
          <span className="placeholder col-4 rounded d-block mb-4" />
          <span className="placeholder col-12 rounded d-block mb-2" style={{ height: '8rem' }} />
          <span className="placeholder col-12 rounded d-block" style={{ height: '6rem' }} />
        </div>
      </div>
    </div>
  );
}
