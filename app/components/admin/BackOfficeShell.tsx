import type { ReactNode } from "react";
import { Form, NavLink } from "react-router";
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

const sections: Section[] = [
  { to: "/admin", label: "Home" },
  { to: "/admin/orders", label: "Orders" },
  { to: "/admin/customers", label: "Customers" },
  { to: "/admin/memberships", label: "Memberships" },
  { to: "/admin/stock", label: "Stock" },
  { to: "/admin/recipes", label: "Recipes" },
  { to: "/admin/influencers", label: "Influencers" },
  { to: "/admin/academy", label: "Academy", shownTo: canManageStaff },
  { to: "/admin/reports", label: "Reports" },
  { to: "/admin/audit", label: "Audit log" },
  { to: "/admin/catalog", label: "Catalog", shownTo: canManageStaff },
  { to: "/admin/promotions", label: "Promotions", shownTo: canManageStaff },
  { to: "/admin/staff", label: "Staff", shownTo: canManageStaff },
  { to: "/admin/settings", label: "Settings", shownTo: canManageStaff },
  { to: "/admin/profile", label: "Your profile" },
];

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  `inline-flex min-h-11 items-center rounded-lg px-3 text-sm font-semibold whitespace-nowrap ${
    isActive ? "bg-olive-800 text-cream" : "text-olive-950 hover:bg-olive-100"
  }`;

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
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3">
          <a href="/admin" className="font-serif text-lg text-olive-950">
            {brandName} <span className="text-sm font-sans text-ink/70">Back office</span>
          </a>
          <nav
            aria-label="Back office"
            className="order-3 flex w-full flex-wrap gap-1 sm:order-none sm:w-auto"
          >
            {sections
              .filter((section) => section.shownTo?.(staff.role) ?? true)
              .map((section) => (
                <NavLink
                  key={section.to}
                  to={section.to}
                  end={section.to === "/admin"}
                  className={navLinkClass}
                >
                  {section.label}
                </NavLink>
              ))}
          </nav>
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
      {flash ? (
        <p role="status" className="mx-auto mt-4 w-full max-w-6xl px-4">
          <span className="block rounded-lg bg-olive-100 px-4 py-3 font-semibold text-olive-950">
            {flash}
          </span>
        </p>
      ) : null}
      <main id="content" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:py-8">
        <ShopTimeZoneProvider timeZone={timeZone}>{children}</ShopTimeZoneProvider>
      </main>
    </div>
  );
}
