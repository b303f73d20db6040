/**
 * The one result vocabulary of the shop: a result that either worked or was refused says so
 * with `ok`; a result with more than two cases names what happened with `outcome`.
 */

/** A refusal as the red alert shows it: the message, and the code when there is one. */
export interface ServerError {
  message?: string | null;
  code?: string | number | null;
}
