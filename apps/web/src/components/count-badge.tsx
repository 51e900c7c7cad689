/** A small count on a navigation item; hidden at zero. `label` is read by screen readers. */
export function CountBadge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <span className="count-badge" title={label}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
