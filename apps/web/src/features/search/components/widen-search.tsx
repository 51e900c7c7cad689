import type { Country } from '@amora/shared/constants';
import { similarCountries } from '@amora/shared/rules/similar-profiles';
import type { Settings } from '@amora/shared/schemas/site';
import { useTranslation } from 'react-i18next';
import { displayName } from '@/lib/locale-format';

/**
 * Fewer members than a page in the country searched: the nearby country of its pair and all
 * countries, one tap each (these searches are not remembered).
 */
export function WidenSearch({
  country,
  settings,
  onWiden,
}: {
  country: Country;
  settings: Settings;
  onWiden: (to: { country: Country } | { searchAllCountries: true }) => void;
}) {
  const { t } = useTranslation();
  const name = (code: string) => displayName('region', code) ?? code;
  const pair = similarCountries(country)
    .slice(1)
    .find((c): c is Country => (settings.countries as readonly string[]).includes(c));
  return (
    <div className="card card-body my-3 d-flex flex-column flex-sm-row gap-2 align-items-sm-center">
      <p className="mb-0 me-sm-auto">{t('search.widen_text', { country: name(country) })}</p>
      {pair && (
        <button
          type="button"
          className="btn btn-outline-primary"
          onClick={() => onWiden({ country: pair })}
        >
          {t('search.widen_pair', { country: name(pair) })}
        </button>
      )}
      <button
        type="button"
        className="btn btn-primary"
        onClick={() => onWiden({ searchAllCountries: true })}
      >
        {t('search.widen_all')}
      </button>
    </div>
  );
}
