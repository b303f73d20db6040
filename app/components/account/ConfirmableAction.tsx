import { useEffect, useRef, useState } from "react";
import type { FetcherWithComponents } from "react-router";
import { useHydrated } from "~/components/forms/use-hydrated";

/**
 * A button for what cannot be undone (removing a card, cancelling a membership): it asks first,
 * then posts `fields` through `fetcher`. Before JavaScript loads it posts at once.
 */
export function ConfirmableAction({
  fetcher,
  action,
  fields,
  subject,
  labels,
  busy,
  onConfirm,
}: {
  fetcher: FetcherWithComponents<unknown>;
  action: string;
  fields: Record<string, string>;
  /** What the action is about, for screen readers: 'Visa ending in 4242'. */
  subject: string;
  labels: { start: string; question: string; confirm: string; keep: string; busy: string };
  /** This item's submission is on its way. */
  busy: boolean;
  onConfirm: () => void;
}) {
  const hydrated = useHydrated();
  const [asking, setAsking] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (asking) question.current?.focus();
  }, [asking]);

  if (hydrated && !asking && !busy) {
    return (
      <button
        type="button"
        className="btn-outline w-full text-olive-900 sm:w-auto"
        aria-label={`${labels.start} ${subject}`}
        onClick={() => setAsking(true)}
      >
        {labels.start}
      </button>
    );
  }
  return (
    <fetcher.Form
      method="post"
      action={action}
      onSubmit={onConfirm}
      className="flex flex-col gap-3 sm:items-end"
    >
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {hydrated ? (
        <p ref={question} tabIndex={-1} className="font-semibold text-olive-950 outline-none">
          {labels.question}
        </p>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row">
        <button
          type="submit"
          className="btn-primary"
          disabled={busy}
          aria-label={busy ? undefined : `${hydrated ? labels.confirm : labels.start} ${subject}`}
        >
          {busy ? labels.busy : hydrated ? labels.confirm : labels.start}
        </button>
        {hydrated && !busy ? (
          <button
            type="button"
            className="btn-outline text-olive-900"
            onClick={() => setAsking(false)}
          >
            {labels.keep}
          </button>
        ) : null}
      </div>
    </fetcher.Form>
  );
}
