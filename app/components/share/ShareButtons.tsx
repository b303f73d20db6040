import { type MouseEvent, useEffect, useState } from "react";
import { track } from "../analytics/track";
import { useHydrated } from "../forms/use-hydrated";
import {
  type SharedContent,
  type ShareNetwork,
  sharePopupFeatures,
  shareTarget,
  shareUrls,
} from "./share-links";

const networks: Array<{ id: ShareNetwork; label: string }> = [
  { id: "twitter", label: "Twitter" },
  { id: "facebook", label: "Facebook" },
  { id: "whatsapp", label: "WhatsApp" },
];

const copiedNoticeMs = 2000;

type CopyState = "idle" | "copied" | "failed";

/** Opens the network in a 550×400 popup; when popups are blocked the link opens a tab instead. */
function openPopup(
  event: MouseEvent<HTMLAnchorElement>,
  network: ShareNetwork,
  content: SharedContent,
) {
  const popup = window.open(
    shareTarget(network, content, navigator.userAgent),
    "_blank",
    sharePopupFeatures(window),
  );
  if (!popup) return;
  popup.opener = null;
  event.preventDefault();
}

function useCopyLink(url: string) {
  const [state, setState] = useState<CopyState>("idle");
  useEffect(() => {
    if (state !== "copied") return;
    const timer = setTimeout(() => setState("idle"), copiedNoticeMs);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    track({ name: "share", label: "copy_link" });
    try {
      await navigator.clipboard.writeText(url);
      setState("copied");
    } catch {
      setState("failed");
    }
  };
  return { state, copy };
}

const buttonClass =
  "inline-flex min-h-11 items-center gap-2 rounded-full border border-olive-900/25 bg-white/60 px-4 text-sm font-semibold text-olive-900 transition-colors hover:border-olive-900 hover:bg-white";

/** Share on Twitter, Facebook or WhatsApp, or copy the link. */
export function ShareButtons(content: SharedContent) {
  const hrefs = shareUrls(content);
  const { state, copy } = useCopyLink(content.url);
  // Copying needs the page's scripts: until they run, the button says so by being disabled.
  const hydrated = useHydrated();
  const fallbackHref: Record<ShareNetwork, string> = {
    twitter: hrefs.twitter,
    facebook: hrefs.facebook,
    whatsapp: hrefs.whatsappApp,
  };
  return (
    <div>
      <ul className="flex flex-wrap gap-2">
        {networks.map((network) => (
          <li key={network.id}>
            <a
              href={fallbackHref[network.id]}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass}
              onClick={(event) => {
                track({ name: "share", label: network.id });
                openPopup(event, network.id, content);
              }}
            >
              <span className="sr-only">Share on </span>
              {network.label}
            </a>
          </li>
        ))}
        <li>
          <button
            type="button"
            className={`${buttonClass} disabled:cursor-wait disabled:opacity-60`}
            disabled={!hydrated}
            onClick={copy}
          >
            <span aria-live="polite">{state === "copied" ? "Copied" : "Copy link"}</span>
          </button>
        </li>
      </ul>
      {state === "failed" ? (
        <label className="mt-3 block text-sm">
          Copy this link:
          <input
            readOnly
            value={content.url}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block min-h-11 w-full rounded-lg border border-olive-200 bg-white px-3"
          />
        </label>
      ) : null}
    </div>
  );
}
