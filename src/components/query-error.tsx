export function QueryError({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div className="notice notice--error" role="alert">
      <p>Sorry, we could not load {what}.</p>
      <button type="button" className="button button--secondary" onClick={retry}>
        Try again
      </button>
    </div>
  );
}
