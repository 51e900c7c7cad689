import { type ReactNode, useId } from 'react';

/** A small bold label over the control `children` renders with the id it is given. */
export function LabelledField({
  label,
  className = 'mb-3',
  children,
}: {
  label: string;
  className?: string;
  children: (id: string) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="form-label small fw-semibold mb-1">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A labelled select over a fixed list of values. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <LabelledField label={label}>
      {(id) => (
        <select
          id={id}
          className="form-select"
          value={value}
          onChange={(event) => onChange(event.target.value as T)}
        >
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </LabelledField>
  );
}
