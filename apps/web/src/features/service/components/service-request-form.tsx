import { emailSchema } from '@amora/shared/schemas/auth';
import {
  SERVICE_MESSAGE_MAX,
  SERVICE_REQUEST_TOPICS,
  type ServiceRequestInput,
  serviceRequestSchema,
} from '@amora/shared/schemas/service-requests';
import { zodResolver } from '@hookform/resolvers/zod';
import { CircleCheck, Send } from 'lucide-react';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { FormField, useValidationText } from '@/components/form-field';
import { errorCodeOf, invalidFields } from '@/lib/error-text';
import { currentLocale } from '@/lib/i18n';
import { useUser } from '@/lib/user-query';
import { useSendServiceRequest } from '../api/send-service-request';

type Kind = ServiceRequestInput['kind'];
type Topic = ServiceRequestInput['topic'];

/**
 * Writing to customer service (a question) or filing a complaint. Logged in, the answer
 * goes to the account's address; a visitor gives one. After sending, the form gives way
 * to the reference and when to expect an answer.
 */
export function ServiceRequestForm({ kind, topic }: { kind: Kind; topic?: Topic }) {
  const { t } = useTranslation();
  const user = useUser().data ?? null;
  const isLoggedIn = user !== null;
  const titleId = useId();
  const messageId = useId();
  const topicId = useId();
  const text = useValidationText();
  const sending = useSendServiceRequest();
  // A visitor must say where to answer; a member is answered at the account's address.
  const schema = useMemo(
    () =>
      isLoggedIn
        ? serviceRequestSchema.omit({ email: true })
        : serviceRequestSchema.extend({ email: emailSchema }),
    [isLoggedIn],
  );
  const form = useForm<ServiceRequestInput>({
    resolver: zodResolver(schema),
    values: {
      kind,
      topic: topic ?? (kind === 'complaint' ? 'other' : 'account'),
      name: user?.profile.name ?? '',
      email: '',
      message: '',
    },
    resetOptions: { keepDirtyValues: true },
  });
  const { errors, isSubmitting } = form.formState;
  const busy = isSubmitting || sending.isPending;

  const submit = form.handleSubmit(async (values) => {
    try {
      await sending.mutateAsync({
        ...values,
        email: isLoggedIn ? undefined : values.email,
        language: currentLocale(),
      });
    } catch (error) {
      for (const field of invalidFields(error)) {
        form.setError(field as keyof ServiceRequestInput, {
          type: 'server',
          message: 'validation.invalid',
        });
      }
    }
  });

  if (sending.data) {
    return (
      <section className="card" aria-labelledby={titleId}>
        <div className="card-body p-4 text-center" role="status">
          <div className="feature-icon feature-icon-lg mx-auto mb-3" aria-hidden="true">
            <CircleCheck size={28} />
          </div>
          <h2 className="h4" id={titleId}>
            {t('service.sent_title')}
          </h2>
          <p className="mb-1">
            {t('service.sent_reference', { reference: sending.data.reference })}
          </p>
          <p className="text-body-secondary mb-0">
            {t(kind === 'complaint' ? 'service.sent_complaint' : 'service.sent_question')}
          </p>
        </div>
      </section>
    );
  }

  // Fields the server refused are marked under each; any other failure above the form.
  const apiError = errorCodeOf(sending.error) === 'invalid_input' ? null : sending.error;
  const messageError = text(errors.message?.message);
  const topicError = text(errors.topic?.message);
  return (
    <section className="card" aria-labelledby={titleId}>
      <div className="card-body p-4">
        <h2 className="h5 mb-1" id={titleId}>
          {t(kind === 'complaint' ? 'service.complaint_title' : 'service.question_title')}
        </h2>
        <p className="text-body-secondary">
          {t(isLoggedIn ? 'service.answer_to_account' : 'service.answer_to_email')}
        </p>
        <form onSubmit={submit} noValidate>
          <ErrorAlert error={apiError} />
          <div className="mb-3">
            <label htmlFor={topicId} className="form-label fw-medium">
              {t('service.topic')}
            </label>
            <select
              id={topicId}
              className={`form-select form-select-lg ${topicError ? 'is-invalid' : ''}`}
              aria-invalid={topicError ? true : undefined}
              {...form.register('topic')}
            >
              {SERVICE_REQUEST_TOPICS.map((value) => (
                <option key={value} value={value}>
                  {t(`service.topics.${value}`)}
                </option>
              ))}
            </select>
            {topicError && <div className="invalid-feedback">{topicError}</div>}
          </div>
          <FormField
            label={t('service.name')}
            autoComplete="name"
            maxLength={80}
            error={errors.name}
            {...form.register('name')}
          />
          {!isLoggedIn && (
            <FormField
              label={t('service.email')}
              type="email"
              autoComplete="email"
              inputMode="email"
              error={errors.email}
              {...form.register('email')}
            />
          )}
          <div className="mb-3">
            <label htmlFor={messageId} className="form-label fw-medium">
              {t(kind === 'complaint' ? 'service.complaint_message' : 'service.message')}
            </label>
            <textarea
              id={messageId}
              rows={6}
              maxLength={SERVICE_MESSAGE_MAX}
              className={`form-control ${messageError ? 'is-invalid' : ''}`}
              aria-invalid={messageError ? true : undefined}
              aria-describedby={`${messageId}-hint`}
              {...form.register('message')}
            />
            {messageError ? (
              <div id={`${messageId}-hint`} className="invalid-feedback">
                {messageError}
              </div>
            ) : (
              <div id={`${messageId}-hint`} className="form-text">
                {t(kind === 'complaint' ? 'service.complaint_hint' : 'service.message_hint')}
              </div>
            )}
          </div>
          <button
            type="submit"
            className="btn btn-primary btn-lg d-inline-flex align-items-center gap-2"
            disabled={busy}
          >
            {busy ? (
              <span className="spinner-border spinner-border-sm" aria-hidden="true" />
            ) : (
              <Send size={18} aria-hidden="true" />
            )}
            {t(busy ? 'service.sending' : 'service.send')}
          </button>
        </form>
      </div>
    </section>
  );
}
