import { Link } from "react-router";

export function BottomCta({ text = "Don't ever wait. Always have access." }: { text?: string }) {
  return (
    <section aria-label="Membership" className="bg-olive-900 text-cream">
      <div className="container-page flex flex-col items-center justify-between gap-6 py-12 text-center md:flex-row md:text-left">
        <p className="font-serif text-2xl text-cream sm:text-3xl">{text}</p>
        <Link to="/become-a-member" className="btn-gold shrink-0">
          Become a member
        </Link>
      </div>
    </section>
  );
}
