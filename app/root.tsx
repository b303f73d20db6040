import { useEffect, useState } from "react";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useRouteLoaderData,
} from "react-router";
import { currentSession, sessionEnded } from "~server/auth/session.server";
import { configuredSocialProviders } from "~server/auth/sign-in.server";
import { shop } from "~server/http/context.server";
import { takeFlash } from "~server/http/flash.server";
import { requestMiddleware } from "~server/main/middleware.server";
import { isLinkedCodeRefused, promotionAppliedThisRequest } from "~server/promotions/visit.server";
import { loadStorefront } from "~server/storefront/storefront.server";
import { authAlerts } from "../core/auth";
import { cartIntents, intentField } from "../core/form-intent";
import { organizationJsonLd } from "../core/structured-data";
import type { Route } from "./+types/root";
import { navbarFor } from "./components/access/overlay";
import { usePageViews } from "./components/analytics/usePageViews";
import { SignInModal } from "./components/auth/SignInModal";
import { BottomCta } from "./components/layout/BottomCta";
import { Footer } from "./components/layout/Footer";
import { Navbar } from "./components/layout/Navbar";
import { useLayoutHandle } from "./components/layout/route-handle";
import { SkipLink } from "./components/layout/SkipLink";
import { lazyWithPreload } from "./components/lazy-with-preload";
import { JsonLd } from "./components/seo/JsonLd";
import { StorefrontShell } from "./components/storefront/StorefrontShell";
import stylesheet from "./styles/app.css?url";

// Only a shopper who has been signed in during this visit needs to learn that it ended.
const SessionExpiry = lazyWithPreload(() =>
  import("./components/auth/SessionExpiry").then((module) => module.SessionExpiry),
);

/** True from the first render with a signed-in user on, for the rest of the visit. */
function useSignedInDuringVisit(signedIn: boolean): boolean {
  const [signedInOnce, setSignedInOnce] = useState(signedIn);
  useEffect(() => {
    if (signedIn) setSignedInOnce(true);
  }, [signedIn]);
  return signedIn || signedInOnce;
}

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/images/brand/favicon.svg", type: "image/svg+xml" },
];

export const middleware: Route.MiddlewareFunction[] = requestMiddleware;

/**
 * The promo code field's answer prices the page's cart at once. Loading the root again would
 * read the page's `?promoCode=` link once more and give the visit that link's code back.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formData,
  defaultShouldRevalidate,
}) => (formData?.get(intentField) === cartIntents.applyPromoCode ? false : defaultShouldRevalidate);

export async function loader({ request, context }: Route.LoaderArgs) {
  const services = shop(context);
  const session = currentSession(context);
  const flash = takeFlash(request, services);
  const storefront = await loadStorefront(request, services, {
    linkRefused: isLinkedCodeRefused(context),
    appliedByForm: promotionAppliedThisRequest(context),
  });
  const { config } = services;
  const headers = new Headers();
  if (flash.clearHeader) headers.append("Set-Cookie", flash.clearHeader);
  for (const cookie of storefront.setCookies) headers.append("Set-Cookie", cookie);
  return data(
    {
      brand: {
        name: config.brandName,
        supportEmail: config.supportEmail,
        instagramHandle: config.instagramHandle,
      },
      publicUrl: config.publicUrl,
      // The menu links by the role; nothing else of the account travels with every page.
      user: session ? { role: session.user.role } : null,
      sessionExpiresAt: session?.expiresAt.toISOString() ?? null,
      socialProviders: configuredSocialProviders(config),
      flash: flash.message ?? (sessionEnded(request, context) ? authAlerts.loggedOut : null),
      storefront: storefront.state,
    },
    { headers },
  );
}

export function Layout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="stylesheet" href={stylesheet} precedence="default" />
        <meta name="theme-color" content="#2f3a1c" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-dvh flex-col">
        {children}
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { brand, publicUrl, user, sessionExpiresAt, socialProviders, flash, storefront } =
    loaderData;
  const layout = useLayoutHandle();
  const signedInDuringVisit = useSignedInDuringVisit(user !== null);
  const backOffice = layout.shell === "back-office";
  usePageViews(!backOffice);
  if (backOffice) return <Outlet />;
  return (
    <StorefrontShell
      state={storefront}
      supportEmail={brand.supportEmail}
      flash={flash}
      signedIn={user !== null}
    >
      <JsonLd
        data={
          import.meta.env.SSR
            ? organizationJsonLd({
                brandName: brand.name,
                publicUrl,
                supportEmail: brand.supportEmail,
                instagramHandle: brand.instagramHandle,
              })
            : null
        }
      />
      <SkipLink />
      <Navbar
        kind={navbarFor(layout.navbar, storefront.access.restaurant)}
        variant={layout.navbarVariant}
        brandName={brand.name}
        user={user}
      />
      <main id="content" className="flex-1">
        <Outlet />
      </main>
      {layout.bottomCta ? <BottomCta /> : null}
      <Footer
        brandName={brand.name}
        supportEmail={brand.supportEmail}
        instagramHandle={brand.instagramHandle}
      />
      {user ? null : <SignInModal providers={socialProviders} />}
      {signedInDuringVisit ? (
        <SessionExpiry signedIn={user !== null} expiresAt={sessionExpiresAt} />
      ) : null}
    </StorefrontShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const supportEmail = root?.brand.supportEmail;
  return (
    <main
      id="content"
      className="container-page flex flex-1 flex-col items-start justify-center gap-4 py-24"
    >
      <p className="eyebrow">{notFound ? "Not found" : "Something went wrong"}</p>
      <h1 className="text-4xl">{notFound ? "We couldn't find that page" : "There was an error"}</h1>
      <p className="max-w-prose text-lg">
        {notFound
          ? "The page may have moved. Our oils are still where they always are."
          : `Please try again in a moment.${supportEmail ? ` If it keeps happening, write to us at ${supportEmail}.` : ""}`}
      </p>
      <a href="/" className="btn-primary">
        Back to the home page
      </a>
    </main>
  );
}
