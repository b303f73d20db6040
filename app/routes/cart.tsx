import { data, Link, redirect } from "react-router";
import { CartLines, CartSummary } from "~/components/cart/CartDrawer";
import { useCart } from "~/components/cart/cart-context";
import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { isItemId } from "~core/catalog";
import { cartIntents, intentOf, promoCodeField } from "~core/form-intent";
import { formatMoney } from "~core/money";
import { changeCart } from "~server/cart/cart-cookie.server";
import { shop } from "~server/http/context.server";
import { applyTypedPromoCode } from "~server/promotions/visit.server";
import type { Route } from "./+types/cart";

export const handle: RouteHandle = { accessGate: "none" };

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, { title: "Your cart", noIndex: true });

const changes = { [cartIntents.add]: "add", [cartIntents.remove]: "remove" } as const;

/** Longer than any code; what the shopper typed is kept in the field after a refusal. */
const typedCodeMaxLength = 100;

/**
 * 'Add to cart', + and − posted as forms, before the page's scripts ran or without them: the
 * change is kept in the cart's cookie, and the shopper sees the cart here. The promo code
 * field's 'Apply' answers with what became of the code, on this page or to the drawer's fetcher.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = intentOf(form, cartIntents);
  if (intent === cartIntents.applyPromoCode) {
    const typed = String(form.get(promoCodeField) ?? "").slice(0, typedCodeMaxLength);
    const { answer, status, headers } = await applyTypedPromoCode(request, context, typed);
    return data(answer, { status, headers });
  }
  const itemId = form.get("itemId");
  if (!intent || !isItemId(itemId)) throw data("This request is not valid", { status: 400 });
  const cookie = changeCart(request, { kind: changes[intent], itemId }, shop(context).config);
  return redirect("/cart", { status: 303, headers: { "Set-Cookie": cookie } });
}

function EmptyCart() {
  return (
    <div className="max-w-md space-y-6">
      <p className="text-lg text-olive-900">
        You don't have any items in your cart yet. Add your first item.
      </p>
      <Link to="/our-olive-oils" className="btn-primary">
        Explore our olive oils
      </Link>
    </div>
  );
}

export default function CartPage({ actionData }: Route.ComponentProps) {
  const { itemCount, priced } = useCart();
  return (
    <section className="container-page py-12 sm:py-16">
      <header className="mb-8 space-y-2">
        <h1 className="text-4xl sm:text-5xl">Your cart</h1>
        {itemCount > 0 ? (
          <p className="text-olive-800">
            Total <span className="font-semibold">{formatMoney(priced.totalCents)}</span>
          </p>
        ) : null}
      </header>
      {itemCount === 0 ? (
        <EmptyCart />
      ) : (
        <div className="grid gap-8 lg:grid-cols-[1fr_24rem] lg:items-start">
          <CartLines className="rounded-2xl bg-white/60 px-4 sm:px-6" />
          <div className="overflow-hidden rounded-2xl bg-white/60">
            <CartSummary promoCodeAnswer={actionData} />
          </div>
        </div>
      )}
    </section>
  );
}
