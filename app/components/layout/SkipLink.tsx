/** The first link of every page, for keyboards: straight to the page's own content. */
export function SkipLink() {
  return (
    <a
      href="#content"
      className="sr-only focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-[70] focus:rounded focus:bg-cream focus:px-4 focus:py-2"
    >
      Skip to content
    </a>
  );
}
