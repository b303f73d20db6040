/**
 * Whether `element` is a popover shown now. A browser without popovers (before 2023–2024) knows
 * no `:popover-open` and throws on it; there nothing is ever shown as a popover.
 */
export function isOpenPopover(
  element: Pick<HTMLElement, "matches"> | null,
): element is HTMLElement {
  return element !== null && "showPopover" in element && element.matches(":popover-open");
}
