import { matchRoute } from '@amora/shared/routes';
import { Mail, MessageCircleQuestion, Phone } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { PageHeader } from '@/components/page-header';
import {
  SiteDocument,
  type SiteDocumentName,
  siteDocumentQueryOptions,
  useSiteDocument,
} from '@/components/site-document';
import { useCompanyInfo } from '@/lib/company-info-query';
import { currentLocale } from '@/lib/i18n';
import { displayName, showsDisplayNames } from '@/lib/locale-format';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useCurrentRoute } from '../../layouts/current-route';
import type { ScreenLoader } from '../../screen-loader';

const documentOf = (routeName: string | undefined) =>
  (routeName?.replace(/^pages-/, '') ?? 'terms') as SiteDocumentName;

/** The page's own document, in the page's language, read before it shows. */
export const loader: ScreenLoader = (queryClient, { request }) =>
  queryClient.ensureQueryData(
    siteDocumentQueryOptions(
      documentOf(matchRoute(new URL(request.url).pathname)?.route.name),
      currentLocale(),
    ),
  );

/**
 * The static pages (`/pages/{name}`): terms and privacy (the same texts as the signup
 * form's), FAQ, customer service with the company's contact details, cookies, return
 * policy, and the page a blocked member is sent to.
 */
export function Component() {
  return <StaticPage />;
}

/** A static page, with what a page adds below its document (service-page.tsx's form). */
export function StaticPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const name = documentOf(route?.name);
  const { data } = useSiteDocument(name);
  const title = data?.title ?? t(`routes.pages-${name}.title`);
  useDocumentTitle(title);
  return (
    <div className="py-2" style={{ maxWidth: '48rem' }}>
      <PageHeader title={title}>
        {!data?.updated && name !== 'ban' && t(`routes.pages-${name}.text`)}
      </PageHeader>
      {name === 'service' && <ContactCard />}
      {name === 'ban' && <BanReason />}
      <div className="card">
        <div className="card-body p-4">
          <SiteDocument name={name} />
          {(name === 'service' || name === 'ban') && (
            <Link
              to={name === 'ban' ? '/complaints?topic=blocked' : '/complaints'}
              className="btn btn-outline-primary mt-2"
            >
              {t('static_pages.file_complaint')}
            </Link>
          )}
        </div>
      </div>
      {children}
    </div>
  );
}

/** What staff wrote when banning, when the login that was refused brought it along. */
function BanReason() {
  const { t } = useTranslation();
  const state = useLocation().state as { banReason?: unknown } | null;
  const reason = typeof state?.banReason === 'string' ? state.banReason.trim() : '';
  return (
    <div className="alert alert-danger" role="alert">
      <p className={reason ? 'mb-1 fw-semibold' : 'mb-0 fw-semibold'}>{t('static_pages.banned')}</p>
      {reason && (
        <p className="mb-0">
          {t('static_pages.ban_reason')} <q>{reason}</q>
        </p>
      )}
    </div>
  );
}

/** How to reach the company: the support phone and the postal address of company info. */
function ContactCard() {
  const { t } = useTranslation();
  const company = useCompanyInfo().data;
  return (
    <section className="card mb-3" aria-labelledby="contact-title">
      <div className="card-body p-4">
        <h2 id="contact-title" className="h5 mb-3">
          {t('static_pages.contact_title')}
        </h2>
        {company ? (
          <div className="row g-3">
            <div className="col-sm-6 d-flex gap-3">
              <Phone aria-hidden="true" className="text-primary flex-shrink-0 mt-1" size={20} />
              <div>
                <div className="fw-semibold">{t('static_pages.call')}</div>
                <a href={`tel:${company.support_phone.replace(/\s/g, '')}`}>
                  {company.support_phone}
                </a>
              </div>
            </div>
            <div className="col-sm-6 d-flex gap-3">
              <Mail aria-hidden="true" className="text-primary flex-shrink-0 mt-1" size={20} />
              <div>
                <div className="fw-semibold">{t('static_pages.write')}</div>
                <address className="mb-0" {...showsDisplayNames}>
                  {company.name}
                  <br />
                  {company.address}
                  <br />
                  {company.city}, {displayName('region', company.country) ?? company.country}
                </address>
              </div>
            </div>
          </div>
        ) : (
          <p className="placeholder-glow mb-0">
            <span className="placeholder col-8" />
          </p>
        )}
        <Link
          to="/pages/faq"
          className="btn btn-link px-0 mt-3 d-inline-flex align-items-center gap-2"
        >
          <MessageCircleQuestion aria-hidden="true" size={18} />
          {t('static_pages.read_faq')}
        </Link>
      </div>
    </section>
  );
}
