import { Link } from 'react-router';

/** The site name with the heart glyph (UI.md "Foundations"). */
export function Wordmark({ name, to = '/' }: { name: string; to?: string }) {
  return (
    <Link to={to} className="wordmark" aria-label={name}>
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M12 21s-8-5.1-8-11a4.6 4.6 0 0 1 8-3 4.6 4.6 0 0 1 8 3c0 5.9-8 11-8 11z" />
      </svg>
      <span>{name}</span>
    </Link>
  );
}
