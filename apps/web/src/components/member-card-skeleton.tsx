/** The shape of a member card while results load. */
export function MemberCardSkeleton() {
  return (
    <div className="card member-card h-100" aria-hidden="true">
      <div className="member-photo placeholder-glow">
        <span className="placeholder w-100 h-100" />
      </div>
      <div className="card-body p-2 p-sm-3 placeholder-glow">
        <span className="placeholder col-8 rounded" />
        <span className="placeholder col-6 rounded mt-1" />
      </div>
    </div>
  );
}

const KEYS = ['k1', 'k2', 'k3', 'k4', 'k5', 'k6', 'k7', 'k8'];

/** A grid of card shapes, as results and lists load. */
export function MemberGridSkeleton({ count = 8 }: { count?: number }) {
  return (
    <div className="row row-cols-2 row-cols-md-3 row-cols-xl-4 g-3">
      {KEYS.slice(0, count).map((key) => (
        <div className="col" key={key}>
          <MemberCardSkeleton />
        </div>
      ))}
    </div>
  );
}
