import type { ReactNode } from "react";

const headingClass =
  "px-4 py-3 text-left text-xs font-semibold tracking-wide text-ink/70 uppercase";

/**
 * A back-office list as a table: column headings on a wide screen, and on a phone each row laid
 * out as a card by its own classes, its headings left to screen readers.
 */
export function ListTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: readonly string[];
  children: ReactNode;
}) {
  return (
    <table className="w-full border-collapse text-ink">
      <caption className="sr-only">{caption}</caption>
      <thead className="max-sm:sr-only">
        <tr className="border-b border-olive-200">
          {columns.map((column) => (
            <th key={column} scope="col" className={headingClass}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}
