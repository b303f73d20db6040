import { Link, useLocation } from "react-router";

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
