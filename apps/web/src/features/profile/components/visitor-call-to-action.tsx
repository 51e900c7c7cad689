import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

/** Visitors may look around; getting in touch starts with a free account. */
export function VisitorCallToAction({ name }: { name: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <div className="card border-0 bg-primary-subtle">
      <div className="card-body">
        <h2 className="h5">{t('member.visitor_title', { name })}</h2>
        <p className="mb-3">{t('member.visitor_text', { name })}</p>
        <div className="d-flex flex-wrap gap-2">
          <Link to="/signup" className="btn btn-primary flex-fill flex-sm-grow-0">
            {t('member.visitor_signup')}
          </Link>
          <Link
            to={`/login?redirect=${encodeURIComponent(pathname)}`}
            className="btn btn-outline-secondary flex-fill flex-sm-grow-0"
          >
            {t('member.visitor_login')}
          </Link>
        </div>
      </div>
    </div>
  );
}
