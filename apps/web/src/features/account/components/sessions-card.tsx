import type { SessionInfo } from '@amora/shared/schemas/sessions';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { LogOut, Monitor, MonitorSmartphone, Smartphone, Tablet } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '@/components/error-alert';
import { LoadError } from '@/components/load-error';
import { isLoggedOut } from '@/lib/api-client';
import { localeTag } from '@/lib/locale-format';
import { relativeTime } from '@/lib/relative-time';
import { userKeys } from '@/lib/user-query';
import { useEndSessions } from '../api/end-sessions';
import { useSessions } from '../api/list-sessions';
import { type DeviceSummary, deviceSummary } from '../utils/device-summary';

const ICONS = { mobile: Smartphone, tablet: Tablet, desktop: Monitor, unknown: MonitorSmartphone };

/** "Chrome 126 on Windows", or what there is of it. */
function deviceName(device: DeviceSummary, t: TFunction): string {
  if (device.browser && device.system) {
    return t('sessions.device', { browser: device.browser, system: device.system });
  }
  return device.browser ?? device.system ?? device.raw ?? t('sessions.unknown_device');
}

/** The server keeps the last use to the minute: within one, the session counts as active now. */
const activeNow = (lastUsed: Date) => Date.now() - lastUsed.getTime() < 60_000;

/**
 * The own profile's "Where you're logged in": every session of the member with its browser,
 * when it was started and last used; any other one can be logged out, or all of them at once.
 */
export function SessionsCard() {
  const { t } = useTranslation();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const end = useEndSessions();
  const [done, setDone] = useState('');
  const [pending, setPending] = useState<string | null>(null);

  // This browser was logged out elsewhere meanwhile: let the app find out at once.
  useEffect(() => {
    if (isLoggedOut(sessions.error) || isLoggedOut(end.error)) {
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    }
  }, [sessions.error, end.error, queryClient]);

  const list = sessions.data ?? [];
  const others = list.filter((s) => !s.current);

  async function endOne(session: SessionInfo, name: string) {
    setPending(session.id);
    setDone('');
    try {
      await end.mutateAsync({ id: session.id });
      setDone(t('sessions.ended_device', { device: name }));
    } catch {
      // The reason shows above the list.
    } finally {
      setPending(null);
      // The row (and its button) is gone: the card's heading keeps the focus in place.
      headingRef.current?.focus();
    }
  }

  async function endOthers() {
    setPending('others');
    setDone('');
    try {
      const { ended } = await end.mutateAsync({ others: true });
      setDone(t('sessions.ended_others', { count: ended }));
      headingRef.current?.focus();
    } catch {
      // The reason shows above the list.
    } finally {
      setPending(null);
    }
  }

  return (
    <section className="card" id="sessions" aria-labelledby={titleId}>
      <div className="card-body p-4">
        <h2
          className="h5 d-flex align-items-center gap-2"
          id={titleId}
          ref={headingRef}
          tabIndex={-1}
        >
          <MonitorSmartphone size={20} aria-hidden="true" className="text-body-secondary" />
          {t('sessions.title')}
        </h2>
        <p className="text-body-secondary">{t('sessions.intro')}</p>
        <p className="visually-hidden" role="status">
          {done}
        </p>
        <ErrorAlert error={end.error} />
        {sessions.isPending ? (
          <SessionsSkeleton label={t('sessions.loading')} />
        ) : sessions.isError ? (
          <LoadError
            error={sessions.error}
            what={t('sessions.load_failed')}
            onRetry={() => void sessions.refetch()}
          />
        ) : (
          <>
            <ul className="session-list list-unstyled mb-3" aria-label={t('sessions.list_label')}>
              {list.map((session) => (
                <SessionRow
                  key={session.id}
                  session={session}
                  busy={pending !== null}
                  ending={pending === session.id || (pending === 'others' && !session.current)}
                  onEnd={endOne}
                />
              ))}
            </ul>
            {others.length > 0 ? (
              <div className="d-grid d-sm-block">
                <button
                  type="button"
                  className="btn btn-outline-danger"
                  disabled={pending !== null}
                  onClick={() => void endOthers()}
                >
                  {pending === 'others' ? (
                    <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  ) : (
                    <LogOut size={16} aria-hidden="true" className="me-2" />
                  )}
                  {t('sessions.log_out_others')}
                </button>
              </div>
            ) : (
              <p className="small text-body-secondary mb-0">{t('sessions.only_this_device')}</p>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function SessionRow({
  session,
  busy,
  ending,
  onEnd,
}: {
  session: SessionInfo;
  busy: boolean;
  ending: boolean;
  onEnd: (session: SessionInfo, name: string) => void;
}) {
  const { t } = useTranslation();
  const device = deviceSummary(session.user_agent);
  const name = deviceName(device, t);
  const Icon = ICONS[device.kind];
  const created = new Date(session.created_at);
  const lastUsed = new Date(session.last_used_at);
  const dates = new Intl.DateTimeFormat(localeTag(), { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <li className={`session-row${session.current ? ' current' : ''}`}>
      <span className="session-icon" aria-hidden="true">
        <Icon size={20} />
      </span>
      <div className="flex-grow-1 min-w-0">
        <div className="d-flex flex-wrap align-items-center column-gap-2">
          <span className="fw-semibold text-break" title={session.user_agent ?? undefined}>
            {name}
          </span>
          {session.current && (
            <span className="badge rounded-pill text-bg-success">{t('sessions.this_device')}</span>
          )}
        </div>
        <div className="small text-body-secondary">
          {session.current || activeNow(lastUsed) ? (
            t('sessions.active_now')
          ) : (
            <time dateTime={session.last_used_at} title={dates.format(lastUsed)}>
              {t('sessions.last_active', { when: relativeTime(lastUsed) })}
            </time>
          )}
        </div>
        <div className="small text-body-secondary">
          <time dateTime={session.created_at}>
            {t('sessions.logged_in', { date: dates.format(created) })}
          </time>
        </div>
      </div>
      {!session.current && (
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm session-end"
          aria-label={t('sessions.log_out_named', { device: name })}
          disabled={busy}
          onClick={() => onEnd(session, name)}
        >
          {ending && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {ending ? t('sessions.logging_out') : t('sessions.log_out')}
        </button>
      )}
    </li>
  );
}

function SessionsSkeleton({ label }: { label: string }) {
  return (
    <div className="placeholder-glow mb-3" role="status">
      <span className="visually-hidden">{label}</span>
      {[0, 1].map((i) => (
        <div key={i} className="session-row" aria-hidden="true">
          <span className="session-icon placeholder" />
          <div className="flex-grow-1">
            <span className="placeholder col-6 d-block mb-2" />
            <span className="placeholder placeholder-sm col-4 d-block" />
          </div>
        </div>
      ))}
    </div>
  );
}
