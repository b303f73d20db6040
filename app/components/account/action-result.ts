import { useEffect } from "react";
import { useFetcher } from "react-router";
import { useSuccessAlert } from "~/components/alerts/SuccessAlert";
import { track } from "~/components/analytics/track";
import type { FailureEventName } from "~core/analytics";
import type { FieldErrors } from "~core/auth-forms";
import type { ServerError } from "~core/result";

/** What the shipping, card and membership actions of the account page answer. */
export type AccountActionResult =
  | {
      ok: true;
      alert: string;
      /** What the answer is about, when the tabs must not take it for theirs. */
      target?: string;
    }
  | {
      ok: false;
      error: ServerError;
      fieldErrors?: FieldErrors;
      /** The card or membership the refusal is about, or the verification banner. */
      target?: string;
    };

/**
 * Shows the success alert of each new answer; a refusal is recorded as an error event
 * under `failureEvent`.
 */
function useResultAlert(result: AccountActionResult | undefined, failureEvent: FailureEventName) {
  const showAlert = useSuccessAlert();
  useEffect(() => {
    if (!result) return;
    if (result.ok) showAlert(result.alert);
    else track({ name: failureEvent, label: result.error.code?.toString() });
  }, [result, showAlert, failureEvent]);
}

/**
 * A tab's action (saving the address, removing a card, cancelling a membership): its fetcher,
 * and the refusal to show, whether it came to the fetcher or with the page (a form posted
 * before JavaScript loaded).
 */
export function useAccountAction(
  pageResult: AccountActionResult | undefined,
  failureEvent: FailureEventName,
) {
  const fetcher = useFetcher<AccountActionResult>();
  useResultAlert(fetcher.data, failureEvent);
  const result = fetcher.data ?? pageResult;
  return { fetcher, refusal: result?.ok === false ? result : undefined };
}
