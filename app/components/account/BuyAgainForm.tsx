import { useSuccessAlert } from "~/components/alerts/SuccessAlert";
import { useCart } from "~/components/cart/cart-context";
import { useHydrated } from "~/components/forms/use-hydrated";
import { buyAgainHref } from "~core/account-urls";
import { addBuyAgainPlan, buyAgainMessage, planBuyAgain } from "~core/buy-again";
import type { LoadedValue, TabContent } from "./TabData";

type BuyAgainLines = NonNullable<
  LoadedValue<TabContent<"orders">["orders"]>[number]["buyAgainLines"]
>;

/**
 * 'Buy again': before the page's scripts run, a form whose answer is the cart page with the
 * order in it; once they run, the order goes into the page's cart at once, the drawer opens and
 * the alert says what was added and what was not.
 */
export function BuyAgainForm({ orderId, lines }: { orderId: string; lines: BuyAgainLines }) {
  const hydrated = useHydrated();
  const { counts, localPickup, restaurantMode, addAll } = useCart();
  const showAlert = useSuccessAlert();
  return (
    <form
      method="post"
      action={buyAgainHref(orderId)}
      onSubmit={(event) => {
        if (!hydrated) return;
        event.preventDefault();
        const plan = planBuyAgain(lines, { restaurant: restaurantMode });
        const { added } = addBuyAgainPlan({ counts, localPickup }, plan);
        addAll(plan.counts);
        showAlert(buyAgainMessage(added, plan.skipped));
      }}
    >
      <button type="submit" className="btn-outline text-olive-900">
        Buy again
      </button>
    </form>
  );
}
