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
  cartCookieName,
  cartLines,
  cartStorageKey,
  itemCount as countItems,
  mergeCarts,
  parseStoredCart,
  removeItem,
  type StoredCart,
} from "~core/cart";
import type { ItemId } from "~core/catalog";
import { type CartLine, type PricedCart, type Promotion, priceCart } from "~core/pricing";
import { track } from "../analytics/track";

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
  clear: () => void;
  /** The promotion the server confirmed for this visit. */
  promotion: Promotion | null;
  /** A page that confirmed a promotion itself (an influencer's page) makes it the visit's. */
  applyPromotion: (promotion: Promotion | null) => void;
  restaurantMode: boolean;
  freeShippingMinCents: number;
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

const emptyCart: StoredCart = { counts: {}, localPickup: false };
const isEmptyCart = (cart: StoredCart) => countItems(cart.counts) === 0 && !cart.localPickup;

function readStoredCart(): StoredCart {
  try {
    return parseStoredCart(window.localStorage.getItem(cartStorageKey));
  } catch {
    return emptyCart;
  }
}

/** The cart posted to the server before the scripts ran, joined to the stored one; its cookie goes. */
function withPostedCart(stored: StoredCart): StoredCart {
  const posted = document.cookie
    .split("; ")
    .find((pair) => pair.startsWith(`${cartCookieName}=`))
    ?.slice(cartCookieName.length + 1);
  if (posted === undefined) return stored;
  document.cookie = `${cartCookieName}=; Max-Age=0; Path=/; SameSite=Lax`;
  try {
    return mergeCarts(stored, parseStoredCart(decodeURIComponent(posted)));
  } catch {
    return stored;
  }
}

function writeStoredCart(cart: StoredCart): void {
  try {
    const raw = JSON.stringify(cart);
    if (window.localStorage.getItem(cartStorageKey) !== raw) {
      window.localStorage.setItem(cartStorageKey, raw);
    }
  } catch {
    // Storage may be full or disabled: the cart still works for this page.
  }
}

/**
 * Keeps the cart in localStorage, validated on load and in step with the shop's other tabs. The
 * page renders first with the cart posted to the server (empty for most visits), as the server
 * did.
 */
function useStoredCart(posted: StoredCart) {
  const [cart, setCart] = useState<StoredCart>(posted);
  const [loaded, setLoaded] = useState(false);

  useEffect(() => {
    const stored = withPostedCart(readStoredCart());
    // An empty cart stays the same object, so a first visit changes nothing on the page.
    setCart((current) => (isEmptyCart(stored) && isEmptyCart(current) ? current : stored));
    setLoaded(true);
    const followOtherTabs = (event: StorageEvent) => {
      if (event.key === cartStorageKey || event.key === null) {
        setCart(parseStoredCart(event.newValue));
      }
    };
    window.addEventListener("storage", followOtherTabs);
    return () => window.removeEventListener("storage", followOtherTabs);
  }, []);

  useEffect(() => {
    if (loaded) writeStoredCart(cart);
  }, [cart, loaded]);

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
  /** The cart the server kept for a form posted before the page's scripts ran. */
  postedCart: StoredCart;
  promotion: Promotion | null;
  restaurantMode: boolean;
  freeShippingMinCents: number;
  children: ReactNode;
}

export function CartProvider({
  postedCart,
  promotion: confirmedPromotion,
  restaurantMode,
  freeShippingMinCents,
  children,
}: CartProviderProps) {
  const [stored, setStored] = useStoredCart(postedCart);
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
  const clear = useCallback(() => setStored(emptyCart), [setStored]);
  const setLocalPickup = useCallback(
    (localPickup: boolean) => setStored((cart) => ({ ...cart, localPickup })),
    [setStored],
  );

  const priced = useMemo(
    () =>
      priceCart(lines, {
        promotion,
        localPickup: stored.localPickup,
        restaurantMode,
        freeShippingMinCents,
      }),
    [lines, promotion, stored.localPickup, restaurantMode, freeShippingMinCents],
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
      clear,
      promotion,
      applyPromotion,
      restaurantMode,
      freeShippingMinCents,
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
      clear,
      promotion,
      applyPromotion,
      restaurantMode,
      freeShippingMinCents,
      priced,
      drawer,
      openDrawer,
      closeDrawer,
    ],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}
