import { useEffect, useRef } from "react";
import { useRevalidator } from "react-router";
import { useSuccessAlert } from "~/components/alerts/SuccessAlert";
import { authAlerts } from "~core/auth";

/** Browsers fire longer timers at once; a session is re-checked at least this often. */
const longestTimerMs = 24 * 60 * 60 * 1000;

/**
 * Signs the shopper out on screen when the session ends: at the expiry the server gave, the
 * page asks the server again, and a user who is gone is told 'Logged out successfully'.
 */
export function SessionExpiry({
  signedIn,
  expiresAt,
}: {
  signedIn: boolean;
  expiresAt: string | null;
}) {
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  const showAlert = useSuccessAlert();
  const wasSignedIn = useRef(signedIn);

  useEffect(() => {
    if (!expiresAt) return;
    const remaining = new Date(expiresAt).getTime() - Date.now();
    const timer = setTimeout(
      () => revalidate.current(),
      Math.min(Math.max(remaining, 0), longestTimerMs),
    );
    return () => clearTimeout(timer);
  }, [expiresAt]);

  useEffect(() => {
    if (wasSignedIn.current && !signedIn) showAlert(authAlerts.loggedOut);
    wasSignedIn.current = signedIn;
  }, [signedIn, showAlert]);

  return null;
}
