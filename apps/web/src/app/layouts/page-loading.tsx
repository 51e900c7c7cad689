/** Shown while the first route loads: the shape of a page, never a blank screen. */
export function PageLoading() {
  return (
    <div className="container py-4" aria-busy="true">
      <p className="placeholder-glow mb-3">
        <span className="placeholder col-4 placeholder-lg rounded" />
      </p>
      <div className="card">
        <div className="card-body placeholder-glow">
          <span className="placeholder col-7 rounded" />{' '}
          <span className="placeholder col-4 rounded" />
          <span className="placeholder col-6 rounded" />{' '}
          <span className="placeholder col-8 rounded" />
        </div>
      </div>
    </div>
  );
}
