/** An underlined text link with a 44 px touch target. */
export const textLinkClass =
  "inline-flex min-h-11 items-center text-sm font-semibold text-olive-800 underline underline-offset-4 hover:text-olive-950";
