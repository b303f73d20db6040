import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
} from "react";

export const alertDisplayMs = 3500;
export const alertExitMs = 500;

type AlertPhase = "shown" | "leaving";

export interface AlertState {
  message: string;
  phase: AlertPhase;
  /** Distinguishes two alerts with the same text. */
  key: number;
}

/**
 * The alert once `timed`'s time in its phase is up: leaving, then gone. A newer alert shown
 * meanwhile stays: on a busy page the older one's timer can fire after the newer one was asked
 * for and before it was drawn.
 */
export function afterAlertTimer(current: AlertState | null, timed: AlertState): AlertState | null {
  if (current?.key !== timed.key) return current;
  return timed.phase === "shown" ? { ...timed, phase: "leaving" } : null;
}

const ShowAlertContext = createContext<(message: string) => void>(() => {});

/** Shows a success alert: 3500 ms on screen, then a 500 ms exit. */
export function useSuccessAlert(): (message: string) => void {
  return useContext(ShowAlertContext);
}

export function SuccessAlertProvider({
  initialMessage,
  children,
}: {
  /** A message carried across a redirect by the server (a flash). */
  initialMessage: string | null;
  children: ReactNode;
}) {
  // The server's page shows a flash already, so that a shopper without scripts reads it too.
  const [alert, setAlert] = useState<AlertState | null>(() =>
    initialMessage ? { message: initialMessage, phase: "shown", key: 0 } : null,
  );
  const show = useCallback((message: string) => {
    setAlert({ message, phase: "shown", key: Date.now() });
  }, []);

  const shownFlash = useRef(initialMessage);
  useEffect(() => {
    if (initialMessage && initialMessage !== shownFlash.current) show(initialMessage);
    shownFlash.current = initialMessage;
  }, [initialMessage, show]);

  useEffect(() => {
    if (!alert) return;
    const timer = setTimeout(
      () => setAlert((current) => afterAlertTimer(current, alert)),
      alert.phase === "shown" ? alertDisplayMs : alertExitMs,
    );
    return () => clearTimeout(timer);
  }, [alert]);

  return (
    <ShowAlertContext.Provider value={show}>
      {children}
      {/* Below the navbar (h-18), never over its links. */}
      <div
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 top-22 z-[60] flex justify-center px-4"
      >
        {alert ? (
          <p
            key={alert.key}
            role="status"
            className={`animate-slide-down rounded-full bg-olive-900 px-6 py-3 text-sm font-semibold text-cream shadow-xl transition-all duration-500 ${
              alert.phase === "leaving" ? "-translate-y-4 opacity-0" : "translate-y-0 opacity-100"
            }`}
          >
            {alert.message}
          </p>
        ) : null}
      </div>
    </ShowAlertContext.Provider>
  );
}
