import { Link } from "react-router";
import { type AccountTab, accountTabHref, accountTabs } from "~core/account-urls";

function TabLinks({ current }: { current: AccountTab }) {
  return (
    <ul className="flex flex-col gap-1">
      {accountTabs.map((tab) => {
        const active = tab.id === current;
        return (
          <li key={tab.id}>
            <Link
              to={accountTabHref(tab.id)}
              preventScrollReset
              aria-current={active ? "page" : undefined}
              className={`flex min-h-11 items-center rounded-lg px-4 text-sm font-semibold transition-colors ${
                active ? "bg-olive-900 text-cream" : "text-olive-900 hover:bg-olive-100"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/** The tabs as a side navigation; on small screens, a dropdown that works without JavaScript. */
export function AccountNav({ current }: { current: AccountTab }) {
  const label = accountTabs.find((tab) => tab.id === current)?.label;
  return (
    <>
      <nav aria-label="Your account" className="hidden lg:block">
        <TabLinks current={current} />
      </nav>
      <details
        key={current}
        className="group rounded-xl border border-olive-200 bg-white/70 lg:hidden"
      >
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 px-4 font-semibold text-olive-950 [&::-webkit-details-marker]:hidden">
          <span>
            <span className="sr-only">Account section: </span>
            {label}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            className="size-5 transition-transform group-open:rotate-180"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </summary>
        <nav aria-label="Your account" className="border-t border-olive-200 p-2">
          <TabLinks current={current} />
        </nav>
      </details>
    </>
  );
}
