/** The look of a back-office form field: a text box or a list to choose from. */
export const backOfficeFieldClass =
  "min-h-11 w-full rounded-lg border border-olive-500 bg-white px-3 py-2 text-base text-ink focus:border-olive-800 focus:ring-2 focus:ring-gold-500/40 focus:outline-none";
