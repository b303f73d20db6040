/**
 * The same day next month, at the same time; the 31st becomes the last day of a shorter month,
 * as card networks and Stripe bill.
 */
export function oneMonthAfter(date: Date): Date {
  const next = new Date(date);
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(date.getUTCDate(), lastDay));
  return next;
}
