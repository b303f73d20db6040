/**
 * `/admin/sandbox-clock`: the owner moves the sandbox's billing time ahead by a number of days,
 * and everything that fell due meanwhile runs at once (reminders, renewals, retries, pauses and
 * cancellations ending), so that a membership's whole life can be seen in minutes. Sandbox
 * only: with Stripe this page does not exist.
 */
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { Card } from "~/components/admin/Card";
import { Field } from "~/components/admin/Field";
import { ShopTime } from "~/components/admin/shop-time";
import {
  intentField,
  intentOf,
  sandboxClockIntents,
  unknownIntentMessage,
} from "~core/form-intent";
import { answerHeaders } from "~core/route-headers";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { shop } from "~server/http/context.server";
import { paymentServices } from "~server/payments/context.server";
import { advanceAndBill, describeRun } from "~server/payments/sandbox/billing.server";
import {
  maxAdvanceDays,
  sandboxClockOffsetDays,
  sandboxNow,
} from "~server/payments/sandbox/clock.server";
import { readShopTimeZone } from "~server/settings/settings.server";
import type { Route } from "./+types/admin.sandbox-clock";

/** Sandbox only: with Stripe, or to staff who are not owners, the page does not exist. */
const sandboxOnly: Route.MiddlewareFunction = async ({ context }, next) => {
  if (paymentServices(context).payments.name !== "sandbox") throw data(null, { status: 404 });
  return next();
};

export const middleware: Route.MiddlewareFunction[] = [ownerGate, sandboxOnly];

export const headers = answerHeaders;

const privatePage = { "Cache-Control": "private, no-store" };

export async function loader({ context }: Route.LoaderArgs) {
  const { db } = shop(context);
  const offsetDays = await sandboxClockOffsetDays(db);
  return data(
    { offsetDays, now: await sandboxNow(db), maxDays: maxAdvanceDays },
    { headers: privatePage },
  );
}

const advanceSchema = z.object({
  days: z.coerce.number().int().min(1).max(maxAdvanceDays),
  fromDays: z.coerce.number().int().min(0),
});

type ClockAnswer = { done: string } | { error: string; fieldError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  if (intentOf(form, sandboxClockIntents) !== sandboxClockIntents.advance) {
    return data<ClockAnswer>({ error: unknownIntentMessage }, { status: 400 });
  }
  const parsed = advanceSchema.safeParse({
    days: form.get("days"),
    fromDays: form.get("fromDays"),
  });
  if (!parsed.success) {
    return data<ClockAnswer>(
      { error: "Please check the days", fieldError: `A whole number from 1 to ${maxAdvanceDays}` },
      { status: 400 },
    );
  }
  const services = shop(context);
  const result = await advanceAndBill(
    {
      db: services.db,
      publicUrl: services.config.publicUrl,
      shopTimeZone: await readShopTimeZone(services.db, services.config),
      log: services.log,
    },
    currentStaff(context),
    parsed.data,
  );
  if (result.outcome === "moved") {
    return data<ClockAnswer>(
      { error: "The clock moved since this page was shown: check the time and advance again." },
      { status: 409 },
    );
  }
  const done = describeRun(result.run, parsed.data.days);
  return data<ClockAnswer>({ done });
}

export default function SandboxClockPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "error" in actionData ? actionData : null;
  return (
    <div className="max-w-2xl space-y-5">
      <h1 className="text-3xl">Sandbox clock</h1>
      <p>
        The sandbox bills memberships at its own time. Move it ahead to see renewals, reminders,
        failed payments and their retries, and pauses ending, without waiting. Stripe bills in real
        time and has no such clock.
      </p>
      <Card title="Billing time">
        <dl className="space-y-1">
          <div>
            <dt className="inline font-semibold">Now: </dt>
            <dd className="inline">
              <ShopTime at={new Date(loaderData.now)} />
            </dd>
          </div>
          <div>
            <dt className="inline font-semibold">Ahead of the real time: </dt>
            <dd className="inline">
              {loaderData.offsetDays} day{loaderData.offsetDays === 1 ? "" : "s"}
            </dd>
          </div>
        </dl>
      </Card>
      {actionData && "done" in actionData ? (
        <p role="status" className="rounded-lg bg-olive-100 px-4 py-3 font-semibold text-olive-900">
          {actionData.done}
        </p>
      ) : null}
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900"
        >
          {error.error}
        </p>
      ) : null}
      <Form method="post" className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <input type="hidden" name={intentField} value={sandboxClockIntents.advance} />
        <input type="hidden" name="fromDays" value={loaderData.offsetDays} />
        <Field
          label="Days to advance"
          name="days"
          form="clock"
          type="number"
          required
          defaultValue="1"
          error={error?.fieldError}
          hint={`From 1 to ${loaderData.maxDays}`}
        />
        <button type="submit" className="btn-primary" disabled={busy}>
          {busy ? "Advancing..." : "Advance"}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Sandbox clock"
      message="The sandbox clock could not be loaded. Please try again in a moment."
    />
  );
}
