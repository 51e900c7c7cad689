import { ChevronDown, ChevronUp } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useZeroCredits } from '@/features/credits/api/zero-credits';
import {
  DESIGN_VERSIONS,
  type DesignVersion,
  readDesignVersion,
  setDesignVersion,
} from '@/lib/design-version';
import { closeDevPanel } from '@/lib/dev-panel-flag';
import { useErrorText } from '@/lib/error-text';
import { useSettings } from '@/lib/settings-query';
import {
  clearSkippedSiteEntryWarning,
  hasSkippedSiteEntryWarning,
} from '@/lib/site-entry-warning-flag';
import { toast } from '@/lib/toast';
import { useSession } from '../session/session-context';
import '@/styles/dev-panel.scss';

function ZeroCreditsButton({ credits }: { credits: number }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const zero = useZeroCredits();
  const run = () =>
    zero.mutate(undefined, {
      onSuccess: () => toast.success(t('dev.credits_zeroed')),
      onError: (error) => toast.error(errorText(error)),
    });
  return (
    <div className="dev-panel-row">
      <span>{t('dev.my_credits', { credits })}</span>
      <button
        type="button"
        className="btn btn-outline-primary btn-sm"
        onClick={run}
        disabled={zero.isPending}
      >
        {t('dev.zero_credits')}
      </button>
    </div>
  );
}

function EntryWarningButton() {
  const { t } = useTranslation();
  const [skipped, setSkipped] = useState(hasSkippedSiteEntryWarning);
  const clear = () => {
    clearSkippedSiteEntryWarning();
    setSkipped(false);
    toast.info(t('dev.entry_warning_cleared'));
  };
  return (
    <div className="dev-panel-row">
      <span>{t(skipped ? 'dev.entry_warning_skipped' : 'dev.entry_warning_not_skipped')}</span>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={clear}>
        {t('dev.clear_entry_warning')}
      </button>
    </div>
  );
}

function DesignButton() {
  const { t } = useTranslation();
  const [design, setDesign] = useState<DesignVersion>(readDesignVersion);
  const next = DESIGN_VERSIONS[(DESIGN_VERSIONS.indexOf(design) + 1) % DESIGN_VERSIONS.length]!;
  const switchDesign = () => {
    setDesignVersion(next);
    setDesign(next);
  };
  return (
    <div className="dev-panel-row">
      <span>{t('dev.design_now', { design: t(`dev.design_${design.replace('-', '_')}`) })}</span>
      <button type="button" className="btn btn-outline-primary btn-sm" onClick={switchDesign}>
        {t('dev.switch_design', { design: t(`dev.design_${next.replace('-', '_')}`) })}
      </button>
    </div>
  );
}

/**
 * The developer panel of spec section 2, in the demo only (decision 040): set my credits to
 * zero, delete the skipped-site-entry-warning flag, switch the design version.
 */
export function DevPanel() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { user } = useSession();
  const [expanded, setExpanded] = useState(true);
  const bodyId = useId();
  if (!settings.data?.demo) return null;
  return (
    <section
      className={expanded ? 'dev-panel' : 'dev-panel dev-panel-collapsed'}
      aria-label={t('dev.panel_title')}
    >
      <div className="dev-panel-head">
        <button
          type="button"
          className="btn btn-link btn-sm dev-panel-toggle"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={() => setExpanded(!expanded)}
        >
          {expanded ? <ChevronDown aria-hidden="true" /> : <ChevronUp aria-hidden="true" />}
          <span>{t('dev.panel_title')}</span>
        </button>
        <button
          type="button"
          className="btn-close"
          aria-label={t('dev.panel_close')}
          onClick={closeDevPanel}
        />
      </div>
      <div id={bodyId} className="dev-panel-body" hidden={!expanded}>
        {user && <ZeroCreditsButton credits={user.credits} />}
        <EntryWarningButton />
        <DesignButton />
      </div>
    </section>
  );
}
