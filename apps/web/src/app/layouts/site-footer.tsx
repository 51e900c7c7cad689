import { CLASSIC_TEMPLATE } from '@amora/shared/template';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LanguageSwitcher } from '@/components/language-switcher';
import { useCompanyInfo } from '@/lib/company-info-query';
import { useSiteName } from '@/lib/settings-query';
import { InstallPrompt } from '../pwa/install-prompt';

const LINKS = [
  ['/pages/faq', 'footer.faq'],
  ['/pages/service', 'footer.service'],
  ['/pricing', 'footer.pricing'],
  ['/pages/terms', 'footer.terms'],
  ['/pages/privacy', 'footer.privacy'],
  ['/pages/cookies', 'footer.cookies'],
  ['/pages/return-policy', 'footer.return_policy'],
  ['/complaints', 'footer.complaints'],
] as const;

/** Legal links, company details and copyright (template footer toggles). */
export function SiteFooter() {
  const { t } = useTranslation();
  const company = useCompanyInfo().data;
  const name = useSiteName();
  const { showCompanyInfo, showCopyright } = CLASSIC_TEMPLATE.footer;
  return (
    <footer className="app-footer mt-5 py-4">
      <div className="container">
        <nav aria-label={t('footer.legal')} className="d-flex flex-wrap gap-3 mb-3">
          {LINKS.map(([to, key]) => (
            <Link key={to} to={to}>
              {t(key)}
            </Link>
          ))}
        </nav>
        {showCompanyInfo && company && (
          <address className="mb-2">
            {company.name} · {company.address}, {company.city} · {t('footer.chamber_of_commerce')}{' '}
            {company.kvk}
            {company.vat_numbers[0] && ` · ${t('footer.vat')} ${company.vat_numbers[0]}`} ·{' '}
            {t('footer.support')}{' '}
            <a href={`tel:${company.support_phone.replace(/\s/g, '')}`}>{company.support_phone}</a>
          </address>
        )}
        <div className="my-3 d-flex flex-wrap align-items-center gap-3">
          <LanguageSwitcher />
          <InstallPrompt />
        </div>
        {showCopyright && (
          <p className="mb-0">{t('footer.copyright', { year: new Date().getFullYear(), name })}</p>
        )}
      </div>
    </footer>
  );
}
