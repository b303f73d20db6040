import { type ReactNode, useEffect, useId, useLayoutEffect, useRef } from "react";
import { Link, useNavigate } from "react-router";

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * How a modal closes: by a link (a URL without the modal, so that it works before JavaScript
 * loads) or by a callback. A modal without one stays until the shopper acts.
 */
type ModalClose = { href: string } | { onClose: () => void };

/**
 * Makes everything outside `dialog` inert (the siblings of the dialog and of each of its
 * ancestors) and gives back a function that undoes it. Live regions stay, so that a status
 * message is still heard, and what was inert already is left as it was.
 */
function makeOutsideInert(dialog: HTMLElement): () => void {
  const changed: Element[] = [];
  for (let node: Element = dialog; node.parentElement; node = node.parentElement) {
    for (const sibling of node.parentElement.children) {
      if (sibling === node || sibling.hasAttribute("inert") || sibling.hasAttribute("aria-live")) {
        continue;
      }
      sibling.setAttribute("inert", "");
      changed.push(sibling);
    }
  }
  return () => {
    for (const element of changed) element.removeAttribute("inert");
  };
}

/** The first field to fill, else the first control of the content, else the dialog itself. */
function initialFocus(dialog: HTMLElement, content: HTMLElement | null): HTMLElement {
  return (
    content?.querySelector<HTMLElement>("input:not([disabled]):not([type='hidden'])") ??
    content?.querySelector<HTMLElement>(focusableSelector) ??
    dialog
  );
}

function keepTabInside(event: KeyboardEvent, dialog: HTMLElement) {
  const focusable = [...dialog.querySelectorAll<HTMLElement>(focusableSelector)];
  const [first, last] = [focusable[0], focusable.at(-1)];
  const outside = !dialog.contains(document.activeElement);
  if (event.shiftKey && (outside || document.activeElement === first)) {
    event.preventDefault();
    last?.focus();
  } else if (!event.shiftKey && (outside || document.activeElement === last)) {
    event.preventDefault();
    first?.focus();
  }
}

function CloseIcon() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="size-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M6 6l12 12M18 6L6 18" />
    </svg>
  );
}

function CloseControl({ close }: { close: ModalClose }) {
  const className =
    "absolute top-3 right-3 flex size-11 items-center justify-center rounded-full text-olive-900 hover:bg-black/5";
  return "href" in close ? (
    <Link to={close.href} replace preventScrollReset aria-label="Close" className={className}>
      <CloseIcon />
    </Link>
  ) : (
    <button type="button" onClick={close.onClose} aria-label="Close" className={className}>
      <CloseIcon />
    </button>
  );
}

type ModalDialogProps = {
  /** Absent: no close button and no Escape (the access and soft-launch modals). */
  close?: ModalClose;
  children: ReactNode;
} & (
  | {
      /** A form's dialog: the modal draws the heading, over a panel the width of a form. */
      title: string;
      eyebrow?: string;
    }
  | {
      /** The content brings its own heading (and picture, edge to edge, on a wider panel). */
      labelledBy: string;
      describedBy?: string;
    }
);

/**
 * The shop's modal dialog. The server renders it open (so a URL such as `?signIn=1` works
 * before JavaScript loads). Once interactive it takes the focus, keeps Tab inside, makes the
 * rest of the page inert, stops the page behind from scrolling, closes on Escape when it has a
 * `close`, and gives the focus back when it goes.
 */
export function ModalDialog(props: ModalDialogProps) {
  const { close, children } = props;
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const content = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const closeModal = close
    ? () =>
        "href" in close
          ? navigate(close.href, { replace: true, preventScrollReset: true })
          : close.onClose()
    : null;
  const closeRef = useRef(closeModal);
  useEffect(() => {
    closeRef.current = closeModal;
  });

  // Before paint, and undone in the same commit that removes the dialog, so that what the
  // page shows next (a success alert) is never inert.
  useLayoutEffect(() => {
    const node = dialog.current;
    // A dialog on a page another modal covers waits behind it.
    if (!node || node.closest("[inert]")) return;
    return makeOutsideInert(node);
  }, []);

  useEffect(() => {
    const node = dialog.current;
    if (!node || node.closest("[inert]")) return;
    const previouslyFocused = document.activeElement;
    initialFocus(node, content.current).focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = "hidden";
    const onKeyDown = (event: KeyboardEvent) => {
      if (node.closest("[inert]")) return;
      if (event.key === "Escape" && closeRef.current) {
        event.preventDefault();
        closeRef.current();
      } else if (event.key === "Tab") {
        keepTabInside(event, node);
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.body.style.overflow = overflow;
      if (previouslyFocused instanceof HTMLElement) previouslyFocused.focus();
    };
  }, []);

  const titled = "title" in props;
  return (
    <div
      className={`fixed inset-0 z-50 flex overflow-y-auto overscroll-contain p-4 ${
        titled
          ? "bg-olive-950/60 backdrop-blur-[2px]"
          : "animate-fade-in bg-olive-950/75 backdrop-blur-sm"
      }`}
    >
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titled ? titleId : props.labelledBy}
        aria-describedby={titled ? undefined : props.describedBy}
        tabIndex={-1}
        className={`relative mx-auto w-full bg-cream shadow-2xl outline-none ${
          titled
            ? "my-4 max-w-md self-start rounded-2xl border border-olive-200 p-6 sm:my-12 sm:p-8"
            : "mt-auto max-w-lg overflow-hidden rounded-3xl sm:mb-auto"
        }`}
      >
        {close ? <CloseControl close={close} /> : null}
        {titled ? (
          <>
            {props.eyebrow ? <p className="eyebrow">{props.eyebrow}</p> : null}
            <h2 id={titleId} className="mt-1 pr-10 text-3xl">
              {props.title}
            </h2>
          </>
        ) : null}
        <div ref={content} className={titled ? "mt-6" : undefined}>
          {children}
        </div>
      </div>
    </div>
  );
}
