import { Link } from "react-router";

/** The olive branch of /images/brand/logo-mark.svg, drawn inline: no request before the first paint. */
function LogoMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 64 64" width={32} height={32} className="size-8">
      <g fill="#c9a14a" stroke="#c9a14a" strokeLinecap="round">
        <path d="M16 58Q23 38 38 22" fill="none" strokeWidth="3" />
        <path d="M25 38C14 36 7 27 6 16C17 18 25 26 25 38Z" stroke="none" />
        <path d="M36 23C39 12 48 6 59 6C57 17 48 24 36 23Z" stroke="none" />
        <ellipse cx="38" cy="45" rx="7" ry="9" transform="rotate(-25 38 45)" stroke="none" />
        <path d="M29 31Q34 34 36 37" fill="none" strokeWidth="2" />
      </g>
    </svg>
  );
}

export function Logo({ brandName, tone }: { brandName: string; tone: "dark" | "light" }) {
  return (
    <Link
      to="/"
      className={`flex min-h-11 items-center gap-2 font-serif text-xl tracking-wide ${
        tone === "light" ? "text-cream" : "text-olive-950"
      }`}
    >
      <LogoMark />
      <span>{brandName}</span>
    </Link>
  );
}
