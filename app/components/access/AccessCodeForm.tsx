import { useMemo } from "react";
import { useFetcher, useLocation } from "react-router";
import type { Route } from "~/routes/+types/access";
import { validators } from "~core/field-rules";
import type { AccessKind } from "~core/storefront";
import { track } from "../analytics/track";
import { SubmitButton, TextField, useFormFields } from "../forms/form-kit";

/** What the /access action answers when it does not grant access. */
type AccessRefusal = NonNullable<Route.ComponentProps["actionData"]>;

/** The access-code form of the beta and restaurant modals; the server checks the code. */
export function AccessCodeForm({
  kind,
  serverError = null,
}: {
  kind: AccessKind;
  /** An error of a submission made before JavaScript ran (the /access page). */
  serverError?: string | null;
}) {
  const fetcher = useFetcher<AccessRefusal>({ key: `access-${kind}` });
  const { pathname, search } = useLocation();
  const answer = fetcher.data;
  const serverErrors = useMemo(
    () =>
      answer ? { accessCode: answer.error } : serverError ? { accessCode: serverError } : null,
    [answer, serverError],
  );
  const form = useFormFields({ accessCode: validators.accessCode }, { serverErrors });
  const returnTo = pathname === "/access" ? "/" : `${pathname}${search}`;
  return (
    <fetcher.Form
      method="post"
      action="/access"
      onSubmit={() => track({ name: "access_code_submit", label: kind })}
      className="space-y-4"
    >
      <input type="hidden" name="kind" value={kind} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <TextField
        {...form.field("accessCode")}
        label="Access code"
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
      />
      <SubmitButton ready={form.isValid} busy={fetcher.state !== "idle"} busyLabel="Checking…">
        Continue
      </SubmitButton>
    </fetcher.Form>
  );
}
