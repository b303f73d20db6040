import { data } from "react-router";
import { z } from "zod";
import { BackOfficeError } from "~/components/admin/BackOfficeError";
import { ShopSettingsPage } from "~/components/admin/ShopSettings";
import type { FieldErrors } from "~core/auth-forms";
import { intentOf, settingsIntents, unknownIntentMessage } from "~core/form-intent";
import { answerHeaders } from "~core/route-headers";
import {
  accessCodeLabels,
  formAfterConflict,
  parseSettingsForm,
  readSettingsForm,
  type SettingsFormValues,
  type ShopSettings,
  settingLabels,
  settingsFormValues,
  settingsMessages,
} from "~core/settings";
import { accessCodeStates, rotateAccessCode } from "~server/access/access-codes.server";
import { currentStaff, ownerGate } from "~server/admin/staff-gate.server";
import { redirectWithAlert } from "~server/auth/responses.server";
import { shop } from "~server/http/context.server";
import { readShopSettings, saveShopSettings } from "~server/settings/settings.server";
import type { Route } from "./+types/admin.settings";

/** Only an owner changes the settings: to anyone else the page and its forms do not exist. */
export const middleware: Route.MiddlewareFunction[] = [ownerGate];

export const headers = answerHeaders;

const settingsPage = "/admin/settings";
const privatePage = { "Cache-Control": "private, no-store" };

export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = shop(context);
  const [settings, codes] = await Promise.all([
    readShopSettings(db, config),
    accessCodeStates(db, config),
  ]);
  return data(
    {
      settings,
      values: settingsFormValues(settings),
      codes: codes.map((code) => ({ ...code, label: accessCodeLabels[code.kind] })),
    },
    { headers: privatePage },
  );
}

/** The settings form shown again: what was typed, the settings it now counts as opened with. */
interface SettingsFormAnswer {
  values: SettingsFormValues;
  loaded: ShopSettings | null;
  fieldErrors?: FieldErrors;
  error?: { message: string };
}

type SettingsAnswer =
  | { form: SettingsFormAnswer }
  | { rotated: { label: string; code: string } }
  | { error: { message: string } };

function answer(body: SettingsAnswer, status = 200) {
  return data(body, { status, headers: privatePage });
}

async function save(context: Route.ActionArgs["context"], form: FormData) {
  const services = shop(context);
  const submission = readSettingsForm(form);
  const parsed = parseSettingsForm(submission.typed);
  if (!parsed.ok) {
    const values = submission.typed;
    return answer(
      { form: { values, loaded: submission.loaded, fieldErrors: parsed.fieldErrors } },
      400,
    );
  }
  const saved = await saveShopSettings(services.db, services.config, currentStaff(context), {
    loaded: submission.loaded,
    submitted: parsed.settings,
  });
  if (!saved.ok) {
    const message = submission.loaded
      ? settingsMessages.conflict(saved.conflicts.map((key) => settingLabels[key]))
      : settingsMessages.staleForm;
    const values = formAfterConflict(submission, parsed.settings, saved.settings);
    return answer({ form: { values, loaded: saved.settings, error: { message } } }, 409);
  }
  const alert = saved.changed.length > 0 ? settingsMessages.saved : settingsMessages.unchanged;
  return redirectWithAlert(services, settingsPage, [], alert);
}

const rotationSchema = z.object({
  kind: z.enum(["beta", "restaurant"]),
  // When the code had last been rotated as the page showed it: empty while it is the environment's.
  rotatedAt: z
    .string()
    .max(40)
    .transform((value) => value || null),
});

async function rotate(context: Route.ActionArgs["context"], form: FormData) {
  const parsed = rotationSchema.safeParse({
    kind: form.get("kind"),
    rotatedAt: form.get("rotatedAt") ?? "",
  });
  if (!parsed.success) return answer({ error: { message: "Please choose a code to rotate" } }, 400);
  const { db, config } = shop(context);
  const { kind, rotatedAt } = parsed.data;
  const label = accessCodeLabels[kind];
  const rotation = await rotateAccessCode(db, config, currentStaff(context), kind, rotatedAt);
  if (!rotation.ok) {
    const message = `The ${label.toLowerCase()} was rotated since this page was opened, and its new code was shown only then. Rotate it again for a code to give out.`;
    return answer({ error: { message } }, 409);
  }
  return answer({ rotated: { label, code: rotation.code } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  switch (intentOf(form, settingsIntents)) {
    case settingsIntents.save:
      return save(context, form);
    case settingsIntents.rotateCode:
      return rotate(context, form);
    default:
      return answer({ error: { message: unknownIntentMessage } }, 400);
  }
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return <ShopSettingsPage {...loaderData} answer={actionData} />;
}

export function ErrorBoundary() {
  return (
    <BackOfficeError
      title="Settings"
      message="The settings could not be loaded. Please try again in a moment."
    />
  );
}
