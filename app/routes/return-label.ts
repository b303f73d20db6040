import { shop } from "~server/http/context.server";
import { notFound } from "~server/http/request-checks.server";
import { returnLabelPdf } from "~server/orders/returns.server";
import type { Route } from "./+types/return-label";

const tokenPattern = /^[A-Za-z0-9_-]{32}$/;

/** A return's prepaid label, for the customer whose e-mail holds the link. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const pdf = tokenPattern.test(params.token)
    ? await returnLabelPdf(shop(context).db, params.token)
    : null;
  if (!pdf) return notFound("This return label does not exist");
  return new Response(Buffer.from(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": 'inline; filename="return-label.pdf"',
      "Cache-Control": "private, no-store",
      "X-Robots-Tag": "noindex",
    },
  });
}
