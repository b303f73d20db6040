import { track } from "~/components/analytics/track";
import { accountTabHref } from "~core/account-urls";
import { cardBrandNames, formatCardExpiry } from "~core/card";
import { accountIntents, intentField } from "~core/form-intent";
import { type AccountActionResult, useAccountAction } from "./action-result";
import { CardBrandIcon } from "./CardBrandIcon";
import { ConfirmableAction } from "./ConfirmableAction";
import { EmptyState } from "./EmptyState";
import { ItemCard } from "./ItemCard";
import { LoadedTab, type LoadedValue, type TabContent } from "./TabData";

type SentCards = TabContent<"payment-methods">["cards"];
type SavedCardView = LoadedValue<SentCards>[number];

type Removal = ReturnType<typeof useAccountAction>;

function SavedCard({ card, removal }: { card: SavedCardView; removal: Removal }) {
  const name = `${cardBrandNames[card.brand]} ending in ${card.last4}`;
  const { fetcher, refusal } = removal;
  return (
    <ItemCard refused={refusal?.target === card.id ? refusal.error : undefined}>
      <div className="flex items-center gap-4">
        <CardBrandIcon brand={card.brand} />
        <div>
          <p className="font-semibold text-olive-950">{name}</p>
          <p className="text-sm text-ink/80">
            Expires {formatCardExpiry(card.expMonth, card.expYear)}
          </p>
        </div>
      </div>
      <ConfirmableAction
        fetcher={fetcher}
        action={accountTabHref("payment-methods")}
        fields={{ [intentField]: accountIntents.removeCard, cardId: card.id }}
        subject={name}
        labels={{
          start: "Remove",
          question: "Remove this card?",
          confirm: "Remove card",
          keep: "Keep card",
          busy: "Removing...",
        }}
        busy={fetcher.formData?.get("cardId") === card.id}
        onConfirm={() => track({ name: "payment_method_delete" })}
      />
    </ItemCard>
  );
}

/** The saved cards: brand, last four digits and expiry. */
export function PaymentMethodsTab({
  cards,
  pageResult,
}: {
  cards: SentCards;
  /** The answer to the form posted before JavaScript loaded. */
  pageResult: AccountActionResult | undefined;
}) {
  // Here rather than in a card: the card is gone when its removal succeeds.
  const removal = useAccountAction(pageResult, "payment_method_delete_error");
  return (
    <LoadedTab
      id="payment-methods-heading"
      title="Payment methods"
      intro="The cards your memberships are billed to."
      resolve={cards}
      errorText="There was an error loading your saved payment methods"
    >
      {(saved) =>
        saved.length === 0 ? (
          <EmptyState link={{ to: "/become-a-member", label: "Explore memberships" }}>
            We'll save one for you if you become a member.
          </EmptyState>
        ) : (
          <ul className="mt-6 space-y-4">
            {saved.map((card) => (
              <SavedCard key={card.id} card={card} removal={removal} />
            ))}
          </ul>
        )
      }
    </LoadedTab>
  );
}
