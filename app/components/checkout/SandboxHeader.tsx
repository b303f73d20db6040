import { useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";

function TestModeBadge() {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full border border-gold-600 bg-gold-200 px-3 py-1 text-xs font-bold tracking-wide text-olive-950 uppercase">
      <span aria-hidden="true" className="size-2 rounded-full bg-terracotta" />
      Test mode
    </span>
  );
}

/** The hosted pages' header: the brand, the page's title and the test-mode badge. */
export function SandboxHeader({ title }: { title: string }) {
  const brandName = useRouteLoaderData<typeof rootLoader>("root")?.brand.name;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <p className="eyebrow">{brandName ?? "Checkout"}</p>
        <h1 className="mt-2 text-3xl sm:text-4xl">{title}</h1>
      </div>
      <TestModeBadge />
    </div>
  );
}
