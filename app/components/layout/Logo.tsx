import { Link } from "react-router";

export function Logo({ brandName, tone }: { brandName: string; tone: "dark" | "light" }) {
  return (
    <Link
      to="/"
      className={`flex min-h-11 items-center gap-2 font-serif text-xl tracking-wide ${
        tone === "light" ? "text-cream" : "text-olive-950"
      }`}
    >
      <img src="/images/brand/logo-mark.svg" alt="" width={32} height={32} className="size-8" />
      <span>{brandName}</span>
    </Link>
  );
}
