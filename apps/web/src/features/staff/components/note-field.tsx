import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** Staff text (1-1000 characters): a note, a reason, a warning as the member will read it. */
export function NoteField({
  label,
  hint,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label small fw-semibold mb-1">
        {label}
      </label>
      <textarea
        id={id}
        className="form-control"
        rows={2}
        maxLength={1000}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={`${id}-hint`}
      />
      <div id={`${id}-hint`} className="form-text">
        {hint ?? t('staff.note_hint')} ({value.length} / 1000)
      </div>
    </div>
  );
}
