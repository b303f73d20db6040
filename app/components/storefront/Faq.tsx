import { formatMoney } from "~core/money";
import { refundPolicy } from "~core/refund-policy";
import { type FaqItem, faqPageJsonLd } from "~core/structured-data";
import { useCart } from "../cart/cart-context";
import { JsonLd } from "../seo/JsonLd";
import { useRootData } from "./use-root-data";

/** A question of the FAQ, with where the page shows it. */
interface FaqEntry extends FaqItem {
  id: "quality" | "which-oil" | "shipping" | "refund" | "membership";
  showOnRestaurantsPage: boolean;
}

function faqItems(
  shipping: { freeShippingMinCents: number; standardShippingCents: number },
  supportEmail: string,
): FaqEntry[] {
  return [
    {
      id: "quality",
      question: "What makes your olive oil different?",
      answer:
        "It comes from one family grove: gold medals, no pesticides, and profit sharing for all " +
        "our workers. We sell only oil from the latest harvest, under 18 months old, with an " +
        "acidity under 0.8%.",
      showOnRestaurantsPage: true,
    },
    {
      id: "which-oil",
      question: "Which oil should I choose?",
      answer:
        "Premium is our everyday oil; with a smoke point of 405°F it is happy in a hot pan. " +
        "Luxe, pressed within 24 hours of picking, is peppery and bright over salads and fish. " +
        "Private Reserve, pressed within one hour, is the one to pour at the table. The Tasting " +
        "Collection has all three.",
      showOnRestaurantsPage: true,
    },
    {
      id: "shipping",
      question: "How does shipping work?",
      answer:
        "We ship across the US only, within 1 business day. Shipping is a flat " +
        `${formatMoney(shipping.standardShippingCents)}, free on orders of ` +
        `${formatMoney(shipping.freeShippingMinCents)} or more, on every membership, and with ` +
        "local delivery in Mountain View. Our oil crosses the ocean by sea in fall and spring " +
        "and by air the rest of the year.",
      showOnRestaurantsPage: true,
    },
    {
      id: "refund",
      question: "What is your refund policy?",
      answer: refundPolicy(supportEmail),
      showOnRestaurantsPage: true,
    },
    {
      id: "membership",
      question: "Why become a member?",
      answer:
        "The latest harvest arrives every month without a thought, always with free shipping, " +
        "at a better price per bottle. You can cancel anytime from your account.",
      showOnRestaurantsPage: false,
    },
  ];
}

/** The five questions; the restaurants page leaves out the membership one. */
export function Faq({ audience = "consumers" }: { audience?: "consumers" | "restaurants" }) {
  const { freeShippingMinCents, standardShippingCents } = useCart();
  const { brand } = useRootData();
  const items = faqItems(
    { freeShippingMinCents, standardShippingCents },
    brand.supportEmail,
  ).filter((item) => audience === "consumers" || item.showOnRestaurantsPage);
  return (
    <section aria-labelledby="faq-heading" className="container-page py-20">
      <JsonLd data={import.meta.env.SSR ? faqPageJsonLd(items) : null} />
      <div className="mx-auto max-w-3xl">
        <p className="eyebrow">Questions</p>
        <h2 id="faq-heading" className="mt-3 text-3xl sm:text-4xl">
          Frequently asked questions
        </h2>
        <div className="mt-8 divide-y divide-olive-200 border-y border-olive-200">
          {items.map((item) => (
            <details key={item.id} className="group">
              <summary className="flex min-h-14 cursor-pointer list-none items-center justify-between gap-4 py-4 font-serif text-xl text-olive-950 [&::-webkit-details-marker]:hidden">
                {item.question}
                <span
                  aria-hidden="true"
                  className="text-2xl text-gold-600 transition-transform group-open:rotate-45"
                >
                  +
                </span>
              </summary>
              <p className="pb-5 leading-relaxed text-olive-900">{item.answer}</p>
            </details>
          ))}
        </div>
      </div>
    </section>
  );
}
