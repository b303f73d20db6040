import { useEffect, useRef, useState } from "react";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { shop } from "~server/http/context.server";
import type { Route } from "./+types/recipes-redirect";

export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Recipes on Instagram",
    description: "Our recipes on Instagram.",
    noIndex: true,
  });

export function loader({ context }: Route.LoaderArgs) {
  const handle = shop(context).config.instagramHandle;
  return {
    handle,
    appUrl: `instagram://user?username=${handle}`,
    webUrl: `https://www.instagram.com/${handle}/`,
  };
}

/** After 2 s the Instagram app is asked to open; after 7 s the browser goes to the web profile. */
const redirectTimings = { appLinkMs: 2000, webProfileMs: 7000 } as const;

function InstagramLogo() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" className="size-20">
      <defs>
        <linearGradient id="instagram-glow" x1="0" y1="1" x2="1" y2="0">
          <stop offset="0" stopColor="#f9b13c" />
          <stop offset=".45" stopColor="#e1306c" />
          <stop offset="1" stopColor="#833ab4" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#instagram-glow)" />
      <rect
        x="14"
        y="14"
        width="36"
        height="36"
        rx="11"
        fill="none"
        stroke="#fff"
        strokeWidth="4"
      />
      <circle cx="32" cy="32" r="8.5" fill="none" stroke="#fff" strokeWidth="4" />
      <circle cx="42.5" cy="21.5" r="2.6" fill="#fff" />
    </svg>
  );
}

export default function RecipesRedirectPage({ loaderData }: Route.ComponentProps) {
  const { handle, appUrl, webUrl } = loaderData;
  const appLink = useRef<HTMLAnchorElement>(null);
  const [redirecting, setRedirecting] = useState(false);

  useEffect(() => {
    setRedirecting(true);
    const openApp = setTimeout(() => appLink.current?.click(), redirectTimings.appLinkMs);
    const openWeb = setTimeout(() => window.location.assign(webUrl), redirectTimings.webProfileMs);
    return () => {
      clearTimeout(openApp);
      clearTimeout(openWeb);
    };
  }, [webUrl]);

  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <InstagramLogo />
      <h1 className="mt-8 text-4xl sm:text-5xl">Taking you to our recipes on Instagram</h1>
      <p className="mt-5 max-w-md text-lg text-ink/85">
        You are being redirected to <strong>@{handle}</strong> on Instagram for more recipes.
      </p>
      <p role="status" className="mt-3 min-h-7 text-ink/70">
        {redirecting ? "Opening Instagram…" : ""}
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-4">
        <a ref={appLink} href={appUrl} className="btn-primary">
          Open the Instagram app
        </a>
        <a href={webUrl} rel="noopener" className="btn-outline text-olive-900">
          Continue on the web
        </a>
      </div>
    </section>
  );
}
