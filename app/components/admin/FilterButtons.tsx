import { Link } from "react-router";

/** The end of a back-office filter form: back to the unfiltered list, or apply the filters. */
export function FilterButtons({ clearTo }: { clearTo: string }) {
  return (
    <div className="col-span-2 flex items-end justify-end gap-3 lg:col-span-4">
      <Link
        to={clearTo}
        className="inline-flex min-h-11 items-center px-3 text-sm font-semibold text-olive-900 underline underline-offset-4"
      >
        Clear filters
      </Link>
      <button type="submit" className="btn-primary">
        Apply filters
      </button>
    </div>
  );
}
