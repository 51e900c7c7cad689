import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ErrorView } from './error-view';

/** Any path outside the route table; the server already answered it with status 404. */
export function Component() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  return (
    <ErrorView
      status={404}
      message={t('error_page.not_found', { path: pathname })}
      detail={t('error_page.not_found_text')}
    />
  );
}
