import type { ReactNode } from 'react';

interface Props {
  /** Anchor for links such as `/profile#photos`. */
  id?: string;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** A titled card for one part of a settings-like page; the title names the region. */
export function SectionCard({ id, title, description, children }: Props) {
  const headingId = id ? `${id}-title` : undefined;
  return (
    <section id={id} className="card section-card" aria-labelledby={headingId}>
      <div className="card-body p-3 p-md-4">
        <h2 id={headingId} className="h5 mb-1">
          {title}
        </h2>
        {description && <p className="text-body-secondary small mb-3">{description}</p>}
        {children}
      </div>
    </section>
  );
}
