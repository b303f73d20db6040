import { z } from "zod";
import { serverOperator } from "~server/audit/audit.server";
import { paymentServices } from "~server/payments/context.server";
import { advanceAndBill, describeRun } from "~server/payments/sandbox/billing.server";
import {
  isSandboxRunKey,
  maxAdvanceDays,
  sandboxClockOffsetDays,
} from "~server/payments/sandbox/clock.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/api.sandbox-billing";

const bodySchema = z.object({ days: z.number().int().min(0).max(maxAdvanceDays) });

const unknown = () => new Response("Not Found", { status: 404 });

/**
 * `POST /api/sandbox-billing`: `npm run sandbox:renew` runs the sandbox's billing through the
 * running shop when it cannot open the shop's embedded database. Only with the key derived from
 * the shop's secret, and only in the sandbox; to anyone else the address does not exist.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const services = paymentServices(context);
  if (services.payments.name !== "sandbox") return unknown();
  if (!isSandboxRunKey(services.config.authSecret, request.headers.get("authorization"))) {
    return unknown();
  }
  const body = bodySchema.safeParse(await request.json().catch(() => null));
  if (!body.success) return Response.json({ error: "days: 0 to 400" }, { status: 400 });
  const result = await advanceAndBill(
    {
      db: services.db,
      publicUrl: services.config.publicUrl,
      shopTimeZone: await readShopTimeZone(services.db, services.config),
      log: services.log,
    },
    serverOperator,
    { days: body.data.days, fromDays: await sandboxClockOffsetDays(services.db) },
  );
  if (result.outcome === "moved") {
    return Response.json({ error: "The clock moved meanwhile: run it again." }, { status: 409 });
  }
  return Response.json({
    now: result.now.toISOString(),
    message: describeRun(result.run, body.data.days),
  });
}
