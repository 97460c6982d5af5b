export function ChunkErrorPage() {
  return (
    <div className="narrow">
      <h1>Sorry, this page did not load</h1>
      <p>Check your connection, then try again.</p>
      <p>
        <a href={window.location.href}>Try again</a>
      </p>
    </div>
  );
}
