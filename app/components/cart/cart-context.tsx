import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import {
  addItem,
  type CartCounts,
  cartLines,
  itemCount as countItems,
  emptyCart,
  mergeCarts,
  removeItem,
  type StoredCart,
} from "~core/cart";
import type { Catalog, ItemId } from "~core/catalog";
import { type CartLine, type PricedCart, type Promotion, priceCart } from "~core/pricing";
import { track } from "../analytics/track";
import { cartSender, otherTabs, takeStorageCart } from "./cart-sync";

/** The drawer: hidden, shown, or closed (sliding out) for 500 ms before it is hidden again. */
export type DrawerState = "hidden" | "shown" | "closed";
export const drawerClosedFlagMs = 500;

export interface Cart {
  counts: CartCounts;
  lines: CartLine[];
  itemCount: number;
  localPickup: boolean;
  setLocalPickup: (localPickup: boolean) => void;
  /** Adds one; the drawer opens unless the cart is already in view (`showDrawer: false`). */
  add: (itemId: ItemId, options?: { showDrawer: boolean }) => void;
  remove: (itemId: ItemId) => void;
  /** Adds several items at once ('Buy again'), each count at most 99, and opens the drawer. */
  addAll: (counts: CartCounts) => void;
  clear: () => void;
  /** The promotion the server confirmed for this visit. */
  promotion: Promotion | null;
  /** A page that confirmed a promotion itself (an influencer's page) makes it the visit's. */
  applyPromotion: (promotion: Promotion | null) => void;
  restaurantMode: boolean;
  freeShippingMinCents: number;
  standardShippingCents: number;
  /** A signed-in shopper's e-mail is known: a code limited per customer asks a guest for one. */
  signedIn: boolean;
  /** Every price of the cart, computed by the same rules the server applies at checkout. */
  priced: PricedCart;
  drawer: DrawerState;
  openDrawer: () => void;
  closeDrawer: () => void;
}

const CartContext = createContext<Cart | null>(null);

export function useCart(): Cart {
  const cart = useContext(CartContext);
  if (!cart) throw new Error("useCart must be used inside <CartProvider>");
  return cart;
}

/**
 * The cart of the signed cookie the page was rendered with, then this tab's changes, each sent
 * to the server and told to the other tabs. An older version's cart in browser storage is
 * carried over once.
 */
function useCartCookie(initial: StoredCart) {
  const [cart, setCart] = useState(initial);
  // The cart the cookie holds as far as this tab knows: it need not be sent again.
  const known = useRef(initial);
  const tabs = useRef<BroadcastChannel | null>(null);
  const [sendCart] = useState(() => cartSender());

  useEffect(() => {
    const carried = takeStorageCart();
    if (carried) setCart((current) => mergeCarts(current, carried));
    const channel = otherTabs((heard) => {
      known.current = heard;
      setCart(heard);
    });
    tabs.current = channel;
    return () => channel?.close();
  }, []);

  useEffect(() => {
    if (cart === known.current) return;
    known.current = cart;
    void sendCart(cart);
    tabs.current?.postMessage(cart);
  }, [cart, sendCart]);

  return [cart, setCart] as const;
}

function useDrawer(itemCount: number) {
  const [drawer, setDrawer] = useState<DrawerState>("hidden");
  // The page behind the drawer turns inert, so what had focus is remembered before it opens.
  const opener = useRef<Element | null>(null);
  const openDrawer = useCallback(() => {
    opener.current = document.activeElement;
    setDrawer("shown");
  }, []);
  const closeDrawer = useCallback(
    () => setDrawer((state) => (state === "shown" ? "closed" : state)),
    [],
  );

  useEffect(() => {
    if (drawer !== "closed") return;
    if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus();
    const timer = setTimeout(() => setDrawer("hidden"), drawerClosedFlagMs);
    return () => clearTimeout(timer);
  }, [drawer]);

  useEffect(() => {
    if (itemCount === 0) closeDrawer();
  }, [itemCount, closeDrawer]);

  return { drawer, openDrawer, closeDrawer };
}

/** The visit's promotion: the server's answer, or one a page applied since. */
function useVisitPromotion(confirmed: Promotion | null) {
  const confirmedCode = confirmed?.code ?? null;
  const [visit, setVisit] = useState({ confirmedCode, promotion: confirmed });
  // A new answer from the server wins over what a page applied before it.
  if (visit.confirmedCode !== confirmedCode) setVisit({ confirmedCode, promotion: confirmed });
  const applyPromotion = useCallback(
    (promotion: Promotion | null) => setVisit((current) => ({ ...current, promotion })),
    [],
  );
  return [visit.promotion, applyPromotion] as const;
}

export interface CartProviderProps {
  catalog: Catalog;
  /** The cart of the signed cookie this page was rendered with. */
  cart: StoredCart;
  promotion: Promotion | null;
  restaurantMode: boolean;
  freeShippingMinCents: number;
  standardShippingCents: number;
  signedIn: boolean;
  children: ReactNode;
}

export function CartProvider({
  catalog,
  cart,
  promotion: confirmedPromotion,
  restaurantMode,
  freeShippingMinCents,
  standardShippingCents,
  signedIn,
  children,
}: CartProviderProps) {
  const [stored, setStored] = useCartCookie(cart);
  const [promotion, applyPromotion] = useVisitPromotion(confirmedPromotion);
  const lines = useMemo(() => cartLines(stored.counts), [stored.counts]);
  const itemCount = countItems(stored.counts);
  const { drawer, openDrawer, closeDrawer } = useDrawer(itemCount);

  const add = useCallback(
    (itemId: ItemId, { showDrawer } = { showDrawer: true }) => {
      setStored((cart) => ({ ...cart, counts: addItem(cart.counts, itemId) }));
      if (showDrawer) openDrawer();
      track({ name: "add_to_cart", label: itemId });
    },
    [setStored, openDrawer],
  );
  const remove = useCallback(
    (itemId: ItemId) => setStored((cart) => ({ ...cart, counts: removeItem(cart.counts, itemId) })),
    [setStored],
  );
  const addAll = useCallback(
    (counts: CartCounts) => {
      setStored((cart) => mergeCarts(cart, { counts, localPickup: false }));
      openDrawer();
    },
    [setStored, openDrawer],
  );
  const clear = useCallback(() => setStored(emptyCart), [setStored]);
  const setLocalPickup = useCallback(
    (localPickup: boolean) => setStored((cart) => ({ ...cart, localPickup })),
    [setStored],
  );

  const priced = useMemo(
    () =>
      priceCart(lines, {
        catalog,
        promotion,
        localPickup: stored.localPickup,
        restaurantMode,
        freeShippingMinCents,
        standardShippingCents,
      }),
    [
      catalog,
      lines,
      promotion,
      stored.localPickup,
      restaurantMode,
      freeShippingMinCents,
      standardShippingCents,
    ],
  );

  // A value that changes only with the cart: React gives up the server's HTML of a part still
  // waiting for its code (and what the shopper typed there) when a context above it changes.
  const value: Cart = useMemo(
    () => ({
      counts: stored.counts,
      lines,
      itemCount,
      localPickup: stored.localPickup,
      setLocalPickup,
      add,
      remove,
      addAll,
      clear,
      promotion,
      applyPromotion,
      restaurantMode,
      freeShippingMinCents,
      standardShippingCents,
      signedIn,
      priced,
      drawer,
      openDrawer,
      closeDrawer,
    }),
    [
      stored,
      lines,
      itemCount,
      setLocalPickup,
      add,
      remove,
      addAll,
      clear,
      promotion,
      applyPromotion,
      restaurantMode,
      freeShippingMinCents,
      standardShippingCents,
      signedIn,
      priced,
      drawer,
      openDrawer,
      closeDrawer,
    ],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
