import { SIGNUP_STEPS } from '@amora/shared/rules/signup-steps';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { SignupFlow, type SignupHandover } from '@/features/signup/components/signup-flow';
import { useDocumentTitle } from '@/lib/use-document-title';

/** /complete-signup: a member resumes an unfinished signup where it stopped (a visitor starts at step 0). */
export function Component() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // An embedded form hands over at the step the step-0 rule gave (push, or location).
  const handedOver = (useLocation().state as Partial<SignupHandover> | null)?.signupStep;
  const startAt =
    handedOver === SIGNUP_STEPS.push || handedOver === SIGNUP_STEPS.location
      ? handedOver
      : undefined;
  useDocumentTitle(t('signup.complete_title'));
  return (
    <div className="card auth-card signup-card">
      <div className="card-body p-4">
        <h1 className="h3 mb-1">{t('signup.complete_title')}</h1>
        <p className="text-body-secondary">{t('signup.complete_intro')}</p>
        <SignupFlow startAt={startAt} onComplete={() => navigate('/signup-matches')} />
      </div>
    </div>
  );
}
