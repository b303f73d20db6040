import type { ReactNode } from "react";
import { promoNotice } from "~core/promo-notice";
import type { StorefrontState } from "~core/storefront";
import { type BlockingModal, blockingModal } from "../access/overlay";
import { SuccessAlertProvider } from "../alerts/SuccessAlert";
import { CartDrawer } from "../cart/CartDrawer";
import { CartProvider, useCart } from "../cart/cart-context";
import { useLayoutHandle } from "../layout/route-handle";
import { lazyWithPreload } from "../lazy-with-preload";
import { CatalogProvider } from "./catalog";
import { ShelvesProvider } from "./shelves";

// Modals that are not open stay out of the first load.
const AccessModal = lazyWithPreload(() =>
  import("../access/AccessModal").then((module) => module.AccessModal),
);
// The promo banner shows only with a linked code, or once a discounted item is in the cart.
const PromoBanner = lazyWithPreload(() =>
  import("../cart/PromoBanner").then((module) => module.PromoBanner),
);
const SoftLaunchModal = lazyWithPreload(() =>
  import("../access/SoftLaunchModal").then((module) => module.SoftLaunchModal),
);

/** The page behind an open modal or drawer is inert: nothing there can be focused or clicked. */
function PageFrame({ blocked, children }: { blocked: boolean; children: ReactNode }) {
  const { drawer } = useCart();
  return (
    <div inert={blocked || drawer === "shown"} className="flex flex-1 flex-col">
      {children}
    </div>
  );
}

function PromoBannerSlot({ state }: { state: StorefrontState }) {
  const { promotion, priced, restaurantMode } = useCart();
  const notice = promoNotice({
    lookupFailed: state.promotionFailed,
    // A code this page applied since (the promo code field, an influencer's page) makes the
    // news of the page's link old.
    linkedCode: promotion?.code === state.promotion?.code ? state.linkedCode : null,
    // Restaurant mode ignores every promotion.
    promotion: restaurantMode ? null : promotion,
    promotionApplies: priced.promotionApplies,
  });
  return notice && <PromoBanner notice={notice} />;
}

function CartDrawerSlot() {
  const { drawer } = useCart();
  if (drawer === "hidden") return null;
  return <CartDrawer />;
}

function Modal({
  modal,
  offer,
  supportEmail,
}: {
  modal: BlockingModal;
  offer: StorefrontState["softLaunchOffer"];
  supportEmail: string;
}) {
  if (modal === null) return null;
  if (modal === "softLaunch") return offer && <SoftLaunchModal promotion={offer} />;
  return <AccessModal kind={modal} supportEmail={supportEmail} />;
}

/**
 * Everything around every page: success alerts, the cart with its drawer, the promo banner and
 * the access modals.
 */
export function StorefrontShell({
  state,
  supportEmail,
  flash,
  signedIn,
  children,
}: {
  state: StorefrontState;
  supportEmail: string;
  signedIn: boolean;
  /** A success message carried across a redirect. */
  flash: string | null;
  children: ReactNode;
}) {
  const layout = useLayoutHandle();
  const modal = blockingModal(layout, {
    access: state.access,
    privateBeta: state.privateBeta,
    hasSoftLaunchOffer: state.softLaunchOffer !== null,
  });
  return (
    <SuccessAlertProvider initialMessage={flash}>
      <CatalogProvider catalog={state.catalog}>
        <CartProvider
          catalog={state.catalog}
          cart={state.cart}
          promotion={state.promotion}
          restaurantMode={state.access.restaurant}
          freeShippingMinCents={state.freeShippingMinCents}
          standardShippingCents={state.standardShippingCents}
          signedIn={signedIn}
        >
          <ShelvesProvider shelves={state.shelves}>
            <PageFrame blocked={modal !== null}>{children}</PageFrame>
            <PromoBannerSlot state={state} />
            <CartDrawerSlot />
          </ShelvesProvider>
          <Modal modal={modal} offer={state.softLaunchOffer} supportEmail={supportEmail} />
        </CartProvider>
      </CatalogProvider>
    </SuccessAlertProvider>
  );
}
