import { type ReactNode, useEffect, useRef } from "react";
import { Form, NavLink, useLocation } from "react-router";
import { SkipLink } from "~/components/layout/SkipLink";
import type { Route } from "~/routes/+types/admin";
import { canManageStaff, type StaffRole, staffRoleLabels } from "~core/staff";
import { ShopTimeZoneProvider } from "./shop-time";

interface Section {
  to: string;
  label: string;
  /** Who sees the section; everyone on the staff when unset. */
  shownTo?: (role: StaffRole) => boolean;
}

/** The sections by the work they serve, in the order the owner reaches for them. */
const sectionGroups: { label: string; sections: Section[] }[] = [
  {
    label: "Sell",
    sections: [
      { to: "/admin", label: "Home" },
      { to: "/admin/orders", label: "Orders" },
      { to: "/admin/customers", label: "Customers" },
      { to: "/admin/memberships", label: "Memberships" },
    ],
  },
  {
    label: "Products",
    sections: [
      { to: "/admin/catalog", label: "Catalog", shownTo: canManageStaff },
      { to: "/admin/stock", label: "Stock" },
      { to: "/admin/promotions", label: "Promotions", shownTo: canManageStaff },
    ],
  },
  {
    label: "Content",
    sections: [
      { to: "/admin/recipes", label: "Recipes" },
      { to: "/admin/influencers", label: "Influencers" },
      { to: "/admin/academy", label: "Academy", shownTo: canManageStaff },
    ],
  },
  {
    label: "Insight",
    sections: [
      { to: "/admin/reports", label: "Reports" },
      { to: "/admin/audit", label: "Audit log" },
    ],
  },
  {
    label: "Shop",
    sections: [
      { to: "/admin/staff", label: "Staff", shownTo: canManageStaff },
      { to: "/admin/settings", label: "Settings", shownTo: canManageStaff },
      { to: "/admin/profile", label: "Your profile" },
    ],
  },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap ${
    isActive ? "bg-olive-800 text-cream" : "text-olive-950 hover:bg-olive-100"
  }`;

/** The section a back-office address belongs to: the longest section address it starts with. */
function sectionOf(pathname: string): string {
  const matching = sectionGroups
    .flatMap((group) => group.sections.map((section) => section.to))
    .filter((to) => pathname === to || pathname.startsWith(`${to}/`));
  return matching.sort((a, b) => b.length - a.length)[0] ?? "/admin";
}

/**
 * The sections a member of staff may open: one scrolling row on a phone, a column grouped by
 * the work they serve from a laptop's width.
 */
function SectionNav({ role }: { role: StaffRole }) {
  const row = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();
  // On a phone the open section may sit past the screen's edge: bring it into the row's view.
  useEffect(() => {
    const scroller = row.current;
    const open = scroller?.querySelector<HTMLElement>(`[href="${sectionOf(pathname)}"]`);
    if (!scroller || !open || scroller.scrollWidth <= scroller.clientWidth) return;
    scroller.scrollLeft = open.offsetLeft - scroller.offsetLeft - 16;
  }, [pathname]);
  return (
    <nav
      aria-label="Back office"
      className="border-b border-olive-200 bg-cream lg:w-52 lg:shrink-0 lg:border-r lg:border-b-0 lg:bg-transparent"
    >
      <div
        ref={row}
        className="flex gap-1 overflow-x-auto px-4 py-2 lg:sticky lg:top-0 lg:flex-col lg:gap-4 lg:overflow-visible lg:py-6"
      >
        {sectionGroups.map((group) => {
          const shown = group.sections.filter((section) => section.shownTo?.(role) ?? true);
          if (shown.length === 0) return null;
          return (
            <div key={group.label} className="flex gap-1 lg:flex-col">
              <p
                id={`back-office-${group.label.toLowerCase()}`}
                className="hidden px-3 text-xs font-semibold tracking-wide text-ink/70 uppercase lg:block"
              >
                {group.label}
              </p>
              <ul
                aria-labelledby={`back-office-${group.label.toLowerCase()}`}
                className="flex gap-1 lg:flex-col"
              >
                {shown.map((section) => (
                  <li key={section.to}>
                    <NavLink to={section.to} end={section.to === "/admin"} className={navLinkClass}>
                      {section.label}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}

/** The back office's frame: its own header and navigation instead of the shop's. */
export function BackOfficeShell({
  brandName,
  staff,
  flash,
  timeZone,
  children,
}: {
  brandName: string;
  /** What the back office's header shows of the member of staff. */
  staff: Route.ComponentProps["loaderData"]["staff"];
  flash: string | null;
  /** The shop's time zone, by whose clock every page of the back office shows times. */
  timeZone: string;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-parchment/60">
      <SkipLink />
      <header className="border-b border-olive-200 bg-cream">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <a href="/admin" className="font-serif text-lg text-olive-950">
            {brandName} <span className="text-sm font-sans text-ink/70">Back office</span>
          </a>
          <div className="ml-auto flex items-center gap-3 text-sm">
            {/* On narrower screens the profile page says who is signed in. */}
            <span className="hidden text-ink/80 2xl:inline">
              {staff.name} · {staffRoleLabels[staff.role]}
            </span>
            <a
              href="/"
              className="inline-flex min-h-11 items-center rounded-lg px-3 font-semibold text-olive-900 underline underline-offset-4 hover:bg-olive-100"
            >
              View shop
            </a>
            <Form method="post" action="/logout">
              <button
                type="submit"
                className="min-h-11 rounded-lg px-3 font-semibold text-olive-900 underline underline-offset-4 hover:bg-olive-100"
              >
                Sign out
              </button>
            </Form>
          </div>
        </div>
      </header>
      <div className="mx-auto flex w-full max-w-7xl flex-1 flex-col lg:flex-row">
        <SectionNav role={staff.role} />
        <div className="min-w-0 flex-1">
          {flash ? (
            <p role="status" className="mt-4 w-full px-4">
              <span className="block rounded-lg bg-olive-100 px-4 py-3 font-semibold text-olive-950">
                {flash}
              </span>
            </p>
          ) : null}
          <main id="content" className="w-full px-4 py-6 sm:py-8">
            <ShopTimeZoneProvider timeZone={timeZone}>{children}</ShopTimeZoneProvider>
          </main>
        </div>
      </div>
    </div>
  );
}
