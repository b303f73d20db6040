/** A date as the spec shows dates: month/day/year, in UTC so that server and browser agree. */
export function formatDate(date: Date): string {
  return `${date.getUTCMonth() + 1}/${date.getUTCDate()}/${date.getUTCFullYear()}`;
}

/** A billing date, from seconds since the epoch as the provider gives it. */
export function formatBillingDate(seconds: number): string {
  return formatDate(new Date(seconds * 1000));
}
