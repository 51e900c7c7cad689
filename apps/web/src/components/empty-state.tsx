import type { ReactNode } from 'react';

/** What to show when there is nothing yet: an icon, a sentence and the next step. */
export function EmptyState({
  icon,
  title,
  text,
  action,
}: {
  icon: ReactNode;
  title: string;
  text?: string;
  action?: ReactNode;
}) {
  return (
    <div className="empty-state card">
      <div className="card-body">
        <div className="feature-icon" aria-hidden="true">
          {icon}
        </div>
        <h2 className="h4">{title}</h2>
        {text && (
          <p className="text-body-secondary mx-auto" style={{ maxWidth: '32rem' }}>
            {text}
          </p>
        )}
        {action}
      </div>
    </div>
  );
}
