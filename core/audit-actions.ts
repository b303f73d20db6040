/**
 * Every action the audit log records, each spelled `subject.what_was_done` in snake case, with the
 * words the audit log page shows; and the names older rows keep.
 */

export const auditActionLabels = {
  "order.processing": "Order processing",
  "order.shipped": "Order shipped",
  "order.delivered": "Order delivered",
  "order.ready_for_pickup": "Order ready for pickup",
  "order.picked_up": "Order picked up",
  "order.refunded": "Order refunded",
  "order.cancelled": "Order cancelled",
  "order.return_approved": "Order return approved",
  "order.return_declined": "Order return declined",
  "order.return_received": "Order return received",
  "order.note": "Order note",
  "orders.exported": "Orders exported as CSV",
  "customers.exported": "Customers exported as CSV",
  "membership.cancelled": "Membership cancelled",
  "sandbox.clock_advanced": "Sandbox clock advanced",
  "staff.invited": "Staff invited",
  "staff.invitation_revoked": "Staff invitation revoked",
  "staff.joined": "Staff joined",
  "staff.removed": "Staff removed",
  "staff.two_factor_enrolled": "Two-factor sign-in turned on",
  "staff.two_factor_reset": "Staff two factor reset",
  "staff.new_order_emails_changed": "Staff new order emails changed",
  "staff.backup_codes_renewed": "Staff backup codes renewed",
  "setting.changed": "Setting changed",
  "setting.access_code_rotated": "Access code rotated",
  "stock.lot_received": "Stock lot received",
  "stock.lot_adjusted": "Stock lot adjusted",
  "stock.threshold_changed": "Low-stock threshold changed",
  "promotion.created": "Promotion created",
  "promotion.updated": "Promotion updated",
  "promotion.paused": "Promotion paused",
  "promotion.resumed": "Promotion resumed",
  "catalog.item_updated": "Catalog item updated",
  "catalog.price_set": "Price set",
  "catalog.photo_set": "Catalog item photo set",
  "catalog.photo_removed": "Catalog item photo removed",
  "image.uploaded": "Image uploaded",
  "recipe.created": "Recipe created",
  "recipe.draft_saved": "Recipe draft saved",
  "recipe.published": "Recipe published",
  "recipe.unpublished": "Recipe unpublished",
  "influencer.created": "Influencer page created",
  "influencer.updated": "Influencer page updated",
  "academy.section_added": "Academy section added",
  "academy.section_updated": "Academy section updated",
  "academy.section_moved": "Academy section moved",
  "academy.section_removed": "Academy section removed",
} as const;

export type AuditAction = keyof typeof auditActionLabels;

/**
 * Names rows written before the actions were spelled alike keep (the log is append-only), with
 * the action each one is now: the fulfilment steps were named in camel case until migration 0008.
 */
export const legacyAuditActions = {
  "order.readyForPickup": "order.ready_for_pickup",
  "order.pickedUp": "order.picked_up",
} as const satisfies Record<string, AuditAction>;

const legacyNames: Readonly<Record<string, AuditAction>> = legacyAuditActions;

export function isAuditAction(name: string): name is AuditAction {
  return Object.hasOwn(auditActionLabels, name);
}

/** The action a row records, whatever name it was written with; null for a name unknown here. */
export function auditActionOf(recorded: string): AuditAction | null {
  if (isAuditAction(recorded)) return recorded;
  return Object.hasOwn(legacyNames, recorded) ? (legacyNames[recorded] ?? null) : null;
}

/** Every name rows of `action` may carry: its own, then those it had before. */
export function recordedNamesOf(action: AuditAction): string[] {
  const older = Object.entries(legacyNames)
    .filter(([, now]) => now === action)
    .map(([name]) => name);
  return [action, ...older];
}
