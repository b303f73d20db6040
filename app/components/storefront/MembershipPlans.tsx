import type { MembershipId } from "~core/catalog";
import { formatItemPrice } from "~core/money";
import { AddToCartButton } from "./AddToCartButton";
import { useCatalog } from "./catalog";
import { ItemImage, LineIcon } from "./media";

interface Plan {
  id: MembershipId;
  features: string[];
}

const plans: Plan[] = [
  {
    id: "everydayLuxury",
    features: [
      "Two bottles of Luxe, 375 ml each",
      "Pressed within 24 hours of picking",
      "From the latest harvest, every month",
    ],
  },
  {
    id: "refinedPalate",
    features: [
      "One Luxe and one Private Reserve, 375 ml each",
      "Our two finest oils side by side",
      "From the latest harvest, every month",
    ],
  },
  {
    id: "trueConnoisseur",
    features: [
      "Two bottles of Private Reserve, 375 ml each",
      "Pressed within one hour of picking",
      "From the latest harvest, every month",
    ],
  },
];

const sharedFeatures = ["Free shipping", "Cancel anytime from your account"];

function PlanCard({ plan, invitationOnly }: { plan: Plan; invitationOnly: boolean }) {
  const item = useCatalog()[plan.id];
  return (
    <li className="relative flex flex-col rounded-3xl bg-cream p-6 shadow-sm ring-1 ring-olive-200 sm:p-8">
      {invitationOnly ? (
        <p className="absolute top-5 right-5 rounded-full bg-olive-900 px-3 py-1 text-xs font-semibold tracking-wide text-gold-200">
          Invitation-only
        </p>
      ) : null}
      <ItemImage itemId={plan.id} className="mx-auto h-48 w-auto" sizes="144px" />
      <h2 className="mt-6 text-2xl">{item.name}</h2>
      <p className="mt-2 font-serif text-3xl text-olive-950">
        {formatItemPrice(item, item.priceCents)}
      </p>
      <ul className="mt-6 flex-1 space-y-3 text-olive-900">
        {[...plan.features, ...sharedFeatures].map((feature) => (
          <li key={feature} className="flex gap-3">
            <LineIcon
              path="M5 12.5l4.5 4.5L19 7"
              strokeWidth={2}
              className="mt-0.5 size-5 shrink-0 text-gold-600"
            />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <AddToCartButton itemId={plan.id} className="btn-primary mt-8 w-full" label="Join today" />
    </li>
  );
}

/** The three monthly memberships. During the private beta they are invitation-only. */
export function MembershipPlans({ invitationOnly }: { invitationOnly: boolean }) {
  return (
    <div className="space-y-8">
      <p className="mx-auto w-fit rounded-full bg-gold-200 px-5 py-2 text-center text-sm font-semibold text-olive-950">
        Free shipping on all memberships
      </p>
      <ul className="grid gap-6 lg:grid-cols-3">
        {plans.map((plan) => (
          <PlanCard key={plan.id} plan={plan} invitationOnly={invitationOnly} />
        ))}
      </ul>
    </div>
  );
}
