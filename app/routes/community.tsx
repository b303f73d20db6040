import { useEffect } from "react";
import { data, Link } from "react-router";
import { useCart } from "~/components/cart/cart-context";
import { pageMeta } from "~/components/layout/page-meta";
import { Picture } from "~/components/media/Picture";
import { BottleList } from "~/components/storefront/BottleList";
import { SectionHeading } from "~/components/storefront/SectionHeading";
import { bottleIds } from "~core/catalog";
import { formatDiscountAmount } from "~core/money";
import type { Promotion } from "~core/pricing";
import { shop } from "~server/http/context.server";
import { loadInfluencerOffer } from "~server/storefront/influencer-offer.server";
import type { Route } from "./+types/community";

export async function loader({ params, context }: Route.LoaderArgs) {
  const offer = await loadInfluencerOffer(params.influencerSlug, shop(context));
  if (!offer) return data({ influencer: null, promotion: null, gone: false }, { status: 404 });
  if (!offer.active) {
    return data({ influencer: offer.influencer, promotion: null, gone: true }, { status: 410 });
  }
  const headers: HeadersInit = offer.setCookie ? { "Set-Cookie": offer.setCookie } : {};
  return data(
    { influencer: offer.influencer, promotion: offer.promotion, gone: false },
    { headers },
  );
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const influencer = loaderData?.influencer;
  return pageMeta(matches, {
    title: influencer
      ? `Friends of ${influencer.firstName} ${influencer.lastName}`
      : "A Gift From a Friend",
  });
};

/** The influencer's coupon becomes the visit's promotion, in the cart too. */
function useApplyPromotion(promotion: Promotion | null) {
  const { applyPromotion } = useCart();
  const code = promotion?.code;
  // biome-ignore lint/correctness/useExhaustiveDependencies: apply once per code
  useEffect(() => {
    if (promotion) applyPromotion(promotion);
  }, [code, applyPromotion]);
}

function UnknownCommunity() {
  return (
    <section className="container-page flex flex-col items-start gap-5 py-24">
      <p className="eyebrow">Not found</p>
      <h1 className="text-4xl sm:text-5xl">We couldn't find this community page</h1>
      <p className="max-w-prose text-lg text-olive-900">
        The link may be mistyped, or the page may have moved. Our oils are still where they always
        are.
      </p>
      <Link to="/our-olive-oils" className="btn-primary">
        Explore our olive oils
      </Link>
    </section>
  );
}

/** A page the owner took down: its offer has ended; the shop is still open. */
function GoneCommunity({ firstName }: { firstName: string }) {
  return (
    <section className="container-page flex flex-col items-start gap-5 py-24">
      <p className="eyebrow">No longer available</p>
      <h1 className="text-4xl sm:text-5xl">{firstName}'s page has closed</h1>
      <p className="max-w-prose text-lg text-olive-900">
        This community page and its offer are no longer available. Our oils are still where they
        always are.
      </p>
      <Link to="/our-olive-oils" className="btn-primary">
        Shop our olive oils
      </Link>
    </section>
  );
}

function Offer({ firstName, promotion }: { firstName: string; promotion: Promotion | null }) {
  if (!promotion) {
    return (
      <p className="text-lg text-olive-900">
        {firstName}'s special offer has ended, but the oils below are the same ones {firstName}{" "}
        pours at home.
      </p>
    );
  }
  return (
    <div className="rounded-3xl bg-olive-900 p-8 text-cream">
      <p className="eyebrow text-gold-200">A special offer for friends of {firstName}</p>
      <p className="mt-3 font-serif text-3xl text-cream sm:text-4xl">
        {formatDiscountAmount(promotion)} off our oils
      </p>
      <p className="mt-3 text-cream/85">
        Code <strong className="tracking-wide text-gold-200">{promotion.code}</strong> is already
        applied: the prices below include it.
      </p>
    </div>
  );
}

export default function CommunityPage({ loaderData }: Route.ComponentProps) {
  const { influencer, promotion, gone } = loaderData;
  useApplyPromotion(promotion);
  if (!influencer) return <UnknownCommunity />;
  if (gone) return <GoneCommunity firstName={influencer.firstName} />;
  const name = `${influencer.firstName} ${influencer.lastName}`;
  const portraitClass = "mx-auto w-64 rounded-full shadow-lg ring-4 ring-gold-200 md:w-80";
  return (
    <>
      <section className="bg-parchment">
        <div className="container-page grid items-center gap-10 py-16 md:grid-cols-[2fr_3fr]">
          {influencer.portrait ? (
            <Picture
              image={influencer.portrait}
              sizes="(min-width: 768px) 20rem, 16rem"
              load="priority"
              className={`${portraitClass} aspect-square object-cover`}
            />
          ) : influencer.imageFileName ? (
            <img
              src={`/images/people/${influencer.imageFileName}`}
              alt={`Portrait of ${name}`}
              width={400}
              height={400}
              fetchPriority="high"
              className={portraitClass}
            />
          ) : null}
          <div className="space-y-4">
            <p className="eyebrow">{influencer.title}</p>
            <h1 className="text-4xl sm:text-5xl">{name}</h1>
            <blockquote className="font-serif text-2xl leading-snug text-olive-900">
              “{influencer.heroQuote}”
            </blockquote>
          </div>
        </div>
      </section>
      <section
        aria-labelledby="story-heading"
        className="container-page grid gap-10 py-16 md:grid-cols-2"
      >
        <div className="space-y-4">
          <h2 id="story-heading" className="text-3xl sm:text-4xl">
            Why {influencer.firstName} cooks with our oil
          </h2>
          <p className="text-lg leading-relaxed text-olive-900">{influencer.storyQuote}</p>
        </div>
        <Offer firstName={influencer.firstName} promotion={promotion} />
      </section>
      <section aria-labelledby="community-bottles" className="container-page space-y-10 pb-20">
        <SectionHeading
          id="community-bottles"
          eyebrow="375 ml"
          title={`${influencer.firstName}'s picks`}
        />
        <BottleList itemIds={bottleIds} promotion={promotion} />
      </section>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <section className="container-page py-24">
      <h1 className="text-4xl">Failed to get influencer data</h1>
      <p className="mt-4 text-lg text-olive-900">Please try again in a moment.</p>
    </section>
  );
}
