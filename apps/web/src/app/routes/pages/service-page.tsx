import { ServiceRequestForm } from '@/features/service/components/service-request-form';
import { StaticPage } from './static-page';

export { loader } from './static-page';

/**
 * `/pages/service`: the customer service page with its question form, in the page as the
 * server renders it and taken over with it (decision 054); the other static pages do not
 * load the form.
 */
export function Component() {
  return (
    <StaticPage>
      <div className="mt-3">
        <ServiceRequestForm kind="question" />
      </div>
    </StaticPage>
  );
}
