import { data, redirect } from "react-router";
import { AccessCodeForm } from "~/components/access/AccessCodeForm";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { answerHeaders } from "~core/route-headers";
import type { AccessKind } from "~core/storefront";
import { safeLocalPath } from "~core/validation";
import { submitAccessCode } from "~server/access/access.server";
import { shop } from "~server/http/context.server";
import { setFlash } from "~server/http/flash.server";
import { retryAfter } from "~server/http/rate-limit.server";
import type { Route } from "./+types/access";

export const headers = answerHeaders;

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Access Code" });

/** Checks a beta or restaurant code; on success goes back to the page with the grant. */
export async function action({ request, context }: Route.ActionArgs) {
  const services = shop(context);
  const form = Object.fromEntries(await request.formData());
  const result = await submitAccessCode(request, form, services);
  if (!result.ok) {
    const kind: AccessKind = form.kind === "restaurant" ? "restaurant" : "beta";
    const headers =
      result.status === 429 ? { "Retry-After": retryAfter(result.retryAfterSeconds) } : undefined;
    return data({ error: result.error, kind }, { status: result.status, headers });
  }
  const headers = new Headers();
  headers.append("Set-Cookie", result.setCookie);
  headers.append("Set-Cookie", setFlash(services, result.message));
  return redirect(safeLocalPath(form.returnTo), { headers });
}

/** Seen only when a code was refused before the page's JavaScript ran. */
export default function AccessPage({ actionData }: Route.ComponentProps) {
  return (
    <section className="container-page max-w-lg py-16">
      <h1 className="text-4xl">Access code</h1>
      <p className="mt-4 text-lg text-olive-900">
        Enter the code you received for early access or for restaurants.
      </p>
      <div className="mt-8">
        <AccessCodeForm kind={actionData?.kind ?? "beta"} serverError={actionData?.error} />
      </div>
    </section>
  );
}
