import { SplitSection } from "./SplitSection";
import { scenes } from "./scenes";
import { useRootData } from "./use-root-data";

/** The founders' own contact block, for restaurants. */
export function FoundersContact() {
  const { brand } = useRootData();
  return (
    <SplitSection image={scenes.founders} labelledBy="founders-heading" shaded>
      <p className="eyebrow">Talk to the founders</p>
      <h2 id="founders-heading" className="text-3xl sm:text-4xl">
        We answer every chef ourselves
      </h2>
      <p className="text-lg leading-relaxed text-olive-900">
        Tell us about your kitchen, your menu and how much oil you go through in a week. We will
        send samples, plan deliveries around your service, and visit when we are in town.
      </p>
      <a href={`mailto:${brand.supportEmail}`} className="btn-primary">
        Write to {brand.supportEmail}
      </a>
    </SplitSection>
  );
}
