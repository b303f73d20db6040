import { isRouteErrorResponse, Link, useLocation, useRouteError } from "react-router";

/** A back-office page that could not be loaded: what failed, and a way to try again. */
export function BackOfficeError({ title, message }: { title: string; message: string }) {
  const { pathname, search } = useLocation();
  return (
    <div className="space-y-4">
      <h1 className="text-3xl">{title}</h1>
      <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-red-900">
        {message}
      </p>
      <Link to={`${pathname}${search}`} reloadDocument className="btn-primary inline-flex">
        Try again
      </Link>
    </div>
  );
}

/**
 * The error of a page about one record (an order, a customer): its loader's 404 says which
 * record there is none of; anything else is `failure`.
 */
export function BackOfficeRecordError({ title, failure }: { title: string; failure: string }) {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return <BackOfficeError title={title} message={missing ? String(error.data) : failure} />;
}
