import { useEffect, useRef, useState } from "react";
import { intentField } from "~core/form-intent";

/** How often typed changes are saved. */
const autosaveIntervalMs = 10_000;

type AutosaveState =
  | { kind: "idle" }
  | { kind: "saving" }
  | { kind: "saved"; at: Date }
  | { kind: "refused" }
  | { kind: "failed" };

function words(state: AutosaveState): string {
  switch (state.kind) {
    case "idle":
      return "Changes are saved every 10 seconds.";
    case "saving":
      return "Saving the draft…";
    case "saved":
      return `Draft saved at ${state.at.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit" })}.`;
    case "refused":
      return "Not saved: some fields need correcting. Press Save draft to see which; your text is still here.";
    case "failed":
      return "Not saved: the shop could not be reached or you were signed out. Your text is still here; it will be tried again.";
  }
}

/**
 * Saves the form's draft every 10 seconds while it has unsaved changes, with the same post the
 * 'Save draft' button makes; the fields are never touched, so a failed save loses nothing.
 */
export function Autosave({ formId, intent = "save" }: { formId: string; intent?: string }) {
  const [state, setState] = useState<AutosaveState>({ kind: "idle" });
  const dirty = useRef(false);
  const saving = useRef(false);
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!(form instanceof HTMLFormElement)) return;
    const markDirty = () => {
      dirty.current = true;
    };
    const save = async () => {
      if (!dirty.current || saving.current) return;
      dirty.current = false;
      saving.current = true;
      setState({ kind: "saving" });
      const body = new URLSearchParams();
      for (const [name, value] of new FormData(form)) {
        if (typeof value === "string") body.append(name, value);
      }
      body.set(intentField, intent);
      body.set("autosave", "on");
      try {
        const response = await fetch(window.location.pathname, {
          method: "POST",
          body,
          credentials: "same-origin",
        });
        if (response.ok && !response.redirected) {
          setState({ kind: "saved", at: new Date() });
        } else {
          dirty.current = true;
          setState({
            kind: response.status === 400 || response.status === 409 ? "refused" : "failed",
          });
        }
      } catch {
        dirty.current = true;
        setState({ kind: "failed" });
      } finally {
        saving.current = false;
      }
    };
    // The button's own save carries the changes: nothing is left to save after it.
    const submitted = () => {
      dirty.current = false;
    };
    form.addEventListener("input", markDirty);
    form.addEventListener("submit", submitted);
    const timer = window.setInterval(save, autosaveIntervalMs);
    return () => {
      form.removeEventListener("input", markDirty);
      form.removeEventListener("submit", submitted);
      window.clearInterval(timer);
    };
  }, [formId, intent]);
  return (
    <p role="status" className="text-sm text-ink/80">
      {words(state)}
    </p>
  );
}
