import { useNavigate } from "react-router";

/** Title, text and a Go Back button that steps back in history. */
export function NotFoundView() {
  const navigate = useNavigate();
  return (
    <section className="container-store flex min-h-[50vh] flex-col items-center justify-center py-16 text-center">
      <h1 className="text-4xl font-extrabold text-water-900">404 Not Found</h1>
      <p className="mt-3 text-lg text-muted">This page does not exist.</p>
      <p className="mt-2 text-muted">
        Looking for a part? Search by keyword or by the part number on your equipment's label.
      </p>
      <button type="button" className="btn-primary mt-8" onClick={() => navigate(-1)}>
        Go Back
      </button>
    </section>
  );
}

/** The page shown when rendering fails. */
export function SomethingWentWrongView() {
  return (
    <section
      role="alert"
      className="container-store flex min-h-[50vh] flex-col items-center justify-center py-16 text-center"
    >
      <h1 className="text-3xl font-extrabold text-water-900">Oops. Something went wrong.</h1>
      <p className="mt-3 text-muted">
        Please reload the page. If it keeps happening, call us and we will help you find your part.
      </p>
      <a className="btn-secondary mt-8" href="/">
        Back to the home page
      </a>
    </section>
  );
}
