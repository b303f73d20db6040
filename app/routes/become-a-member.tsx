import { pageMeta } from "~/components/layout/page-meta";
import type { RouteHandle } from "~/components/layout/route-handle";
import { Faq } from "~/components/storefront/Faq";
import { banners, ImageBanner } from "~/components/storefront/ImageBanner";
import { MembershipPlans } from "~/components/storefront/MembershipPlans";
import { TastingPromo } from "~/components/storefront/TastingPromo";
import { useRootData } from "~/components/storefront/use-root-data";
import type { Route } from "./+types/become-a-member";

export const handle: RouteHandle = {};

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, {
    title: "Become a Member",
    description:
      "Monthly memberships with free shipping: Everyday Luxury, Refined Palate and True Connoisseur.",
  });

export default function BecomeAMemberPage() {
  const { user, storefront } = useRootData();
  return (
    <>
      <section className="bg-parchment">
        <div className="container-page space-y-12 py-16">
          <header className="mx-auto max-w-2xl space-y-4 text-center">
            <p className="eyebrow">Memberships</p>
            <h1 className="text-4xl sm:text-5xl">{user ? "Our Plans" : "Become A Member"}</h1>
            <p className="text-lg leading-relaxed text-olive-900">
              The latest harvest at your door every month. Choose your plan, we do the rest.
            </p>
          </header>
          <MembershipPlans invitationOnly={storefront.privateBeta} />
        </div>
      </section>
      <TastingPromo variant="beforeMembership" />
      <Faq />
      <ImageBanner banner={banners.academy} />
    </>
  );
}
