import type { ReactNode } from 'react';

/**
 * Where a link from an account mail lands: a large icon, a heading that names the
 * outcome, what it means, and the way on.
 */
export function EmailLinkResult({
  icon,
  title,
  children,
  actions,
}: {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className="card auth-card text-center">
      <div className="card-body p-4">
        <div
          className="feature-icon mx-auto mb-3"
          aria-hidden="true"
          style={{ width: '4rem', height: '4rem' }}
        >
          {icon}
        </div>
        <h1 className="h3">{title}</h1>
        {children}
        {actions && <div className="d-grid gap-2 mt-3">{actions}</div>}
      </div>
    </div>
  );
}
