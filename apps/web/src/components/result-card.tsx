import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

/** The outcome of a link or an action (done, expired, goodbye): icon, heading, text, way on. */
export function ResultCard({ icon, title, children }: Props) {
  return (
    <div className="card auth-card text-center">
      <div className="card-body p-4">
        <div className="feature-icon feature-icon-lg mx-auto mb-3" aria-hidden="true">
          {icon}
        </div>
        <h1 className="h3">{title}</h1>
        {children}
      </div>
    </div>
  );
}
