import { Form, useNavigation } from "react-router";
import type { Route } from "~/routes/+types/admin.order";
import type { OrderWorkResult } from "~core/admin/order-page";
import { intentField, orderPageIntents } from "~core/form-intent";
import { Card } from "./Card";
import { Field } from "./Field";
import { ShopTime } from "./shop-time";

function NoteForm({ result }: { result: OrderWorkResult | undefined }) {
  const busy = useNavigation().state === "submitting";
  const error = result?.intent === orderPageIntents.note ? result.fieldErrors?.note : undefined;
  return (
    <Form method="post" className="space-y-2">
      <input type="hidden" name={intentField} value={orderPageIntents.note} />
      <Field
        form="note"
        name="note"
        label="Internal note (never shown to the customer)"
        multiline
        required
        error={error}
      />
      <button type="submit" disabled={busy} className="btn-outline w-full">
        Add note
      </button>
    </Form>
  );
}

/** Everything that happened to the order, oldest first, and a note of one's own. */
export function OrderTimeline({
  timeline,
  result,
}: {
  timeline: Route.ComponentProps["loaderData"]["timeline"];
  result: OrderWorkResult | undefined;
}) {
  return (
    <Card title="Timeline">
      <ol className="space-y-2">
        {timeline.map((entry) => (
          <li
            key={`${entry.at.toISOString()}-${entry.what}`}
            className="border-l-2 border-olive-500 pl-3"
          >
            <span className="block font-semibold break-words">{entry.what}</span>
            <span className="block text-ink/75">
              <ShopTime at={entry.at} />
              {entry.who ? ` · ${entry.who}` : ""}
            </span>
          </li>
        ))}
      </ol>
      <NoteForm result={result} />
    </Card>
  );
}
