import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { Form, Link, NavLink, useLocation } from "react-router";
import type { Route as RootRoute } from "~/+types/root";
import { backOfficePath, isStaffRole } from "~core/staff";
import { LazySignInDialog } from "../auth/lazy";
import { pageWithSignIn } from "../auth/sign-in-url";
import { CartButton } from "../cart/CartButton";
import { Logo } from "./Logo";
import { isOpenPopover } from "./popover";
import type { NavbarKind, NavbarVariant } from "./route-handle";

/** The signed-in user, as the root loader sends them. */
type NavbarUser = NonNullable<RootRoute.ComponentProps["loaderData"]["user"]>;

interface NavItem {
  label: string;
  to: string;
  /** Rendered as a button rather than a plain link. */
  emphasis?: boolean;
  /**
   * Opens a modal over the current page rather than another page, so it is never the current
   * page; its code is fetched once the pointer or the focus is on the link.
   */
  modal?: { preload: () => void };
}

const signInItem = (pathname: string, search: string): NavItem => ({
  label: "Sign In",
  to: pageWithSignIn({ pathname, search }, "sign-in"),
  modal: { preload: LazySignInDialog.preload },
});

/** A signed-in user's links: their account, and the back office for staff. */
function accountItems(user: NavbarUser): NavItem[] {
  return [
    { label: "Your Account", to: "/account" },
    ...(isStaffRole(user.role) ? [{ label: "Back office", to: backOfficePath }] : []),
  ];
}

function mainItems(user: NavbarUser | null, signIn: NavItem): NavItem[] {
  return [
    { label: "Home", to: "/" },
    { label: "Our Story", to: "/our-story" },
    { label: "Our Olive Oils", to: "/our-olive-oils" },
    ...(user ? [{ label: "Our Plans", to: "/become-a-member" }] : []),
    { label: "Academy", to: "/academy" },
    ...(user
      ? accountItems(user)
      : [signIn, { label: "Become A Member", to: "/become-a-member", emphasis: true }]),
  ];
}

const academyItems: NavItem[] = [
  { label: "Home", to: "/" },
  { label: "Health Benefits", to: "/academy/health-benefits" },
  { label: "Choosing Olive Oil", to: "/academy/choosing-olive-oil" },
  { label: "Recipes", to: "/academy/recipes" },
  { label: "Shop", to: "/our-olive-oils", emphasis: true },
];

function restaurantItems(user: NavbarUser | null, signIn: NavItem): NavItem[] {
  return [
    { label: "For Restaurants", to: "/restaurants" },
    { label: "For Consumers", to: "/" },
    ...(user ? accountItems(user) : [signIn]),
  ];
}

const variantClasses: Record<NavbarVariant, { bar: string; tone: "dark" | "light" }> = {
  default: { bar: "bg-cream/95 border-b border-olive-200 text-olive-950", tone: "dark" },
  transparent: { bar: "absolute inset-x-0 top-0 z-30 text-cream", tone: "light" },
  black: { bar: "bg-olive-950 text-cream", tone: "light" },
};

const navLinkClass =
  "inline-flex min-h-11 items-center px-1 text-sm font-medium underline-offset-8 hover:underline";

function NavLinkItem({ item, onDark }: { item: NavItem; onDark: boolean }) {
  if (item.emphasis) {
    return (
      <Link to={item.to} className={onDark ? "btn-gold" : "btn-primary"}>
        {item.label}
      </Link>
    );
  }
  // A plain link: a NavLink would match the page under the modal and claim aria-current.
  if (item.modal) {
    return (
      <Link
        to={item.to}
        onPointerEnter={item.modal.preload}
        onFocus={item.modal.preload}
        className={navLinkClass}
      >
        {item.label}
      </Link>
    );
  }
  return (
    <NavLink
      to={item.to}
      end
      className={({ isActive }) =>
        `${navLinkClass} ${isActive ? "underline decoration-gold-500 decoration-2" : ""}`
      }
    >
      {item.label}
    </NavLink>
  );
}

function LogoutButton() {
  return (
    <Form method="post" action="/logout">
      <button
        type="submit"
        className="inline-flex min-h-11 items-center px-1 text-sm font-medium hover:underline"
      >
        Logout
      </button>
    </Form>
  );
}

/**
 * On small screens the links fold into a menu. It is the browser's own popover, so a tap opens it
 * before the page's scripts have run, and Escape or a tap outside folds it. Once they have run,
 * the button says whether it is open and a navigation within the page folds it.
 */
function MobileMenu({ children, onDark }: { children: ReactNode; onDark: boolean }) {
  const [open, setOpen] = useState<boolean>();
  const menuId = useId();
  const menu = useRef<HTMLDivElement>(null);
  const location = useLocation();
  useEffect(() => {
    const popover = menu.current;
    if (!popover) return;
    setOpen(isOpenPopover(popover));
    const followToggle = (event: ToggleEvent) => setOpen(event.newState === "open");
    popover.addEventListener("toggle", followToggle);
    return () => popover.removeEventListener("toggle", followToggle);
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: fold the menu on every navigation
  useEffect(() => {
    if (isOpenPopover(menu.current)) menu.current.hidePopover();
  }, [location.pathname, location.search]);
  return (
    <div className="group lg:hidden">
      <button
        type="button"
        popoverTarget={menuId}
        aria-expanded={open}
        className="flex size-11 items-center justify-center rounded-full hover:bg-black/5"
      >
        <span className="sr-only">Menu</span>
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="size-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
        >
          <path className="group-has-[:popover-open]:hidden" d="M4 7h16M4 12h16M4 17h16" />
          <path className="hidden group-has-[:popover-open]:inline" d="M6 6l12 12M18 6L6 18" />
        </svg>
      </button>
      <div
        ref={menu}
        id={menuId}
        popover="auto"
        className={`below-site-header border-b px-5 py-4 shadow-lg lg:hidden ${
          onDark
            ? "border-olive-800 bg-olive-950 text-cream"
            : "border-olive-200 bg-cream text-olive-950"
        }`}
      >
        <nav aria-label="Menu" className="flex flex-col gap-1">
          {children}
        </nav>
      </div>
    </div>
  );
}

export interface NavbarProps {
  kind: NavbarKind;
  variant: NavbarVariant;
  brandName: string;
  user: NavbarUser | null;
}

export function Navbar({ kind, variant, brandName, user }: NavbarProps) {
  const { pathname, search } = useLocation();
  const signIn = signInItem(pathname, search);
  const items =
    kind === "academy"
      ? academyItems
      : kind === "restaurant"
        ? restaurantItems(user, signIn)
        : mainItems(user, signIn);
  const { bar, tone } = variantClasses[variant];
  const onDark = tone === "light";
  const links = (
    <>
      {items.map((item) => (
        <NavLinkItem key={item.label} item={item} onDark={onDark} />
      ))}
      {user && kind !== "academy" ? <LogoutButton /> : null}
    </>
  );
  return (
    <header className={`site-header ${variant === "transparent" ? bar : `relative ${bar}`}`}>
      <div className="container-page flex h-18 items-center justify-between gap-4">
        <Logo brandName={kind === "academy" ? `${brandName} Academy` : brandName} tone={tone} />
        <nav aria-label="Main" className="hidden items-center gap-6 lg:flex">
          {links}
        </nav>
        <div className="flex items-center gap-1">
          <CartButton />
          <MobileMenu onDark={onDark}>{links}</MobileMenu>
        </div>
      </div>
    </header>
  );
}
