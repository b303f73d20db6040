import { Link } from "react-router";

const estateMapUrl =
  "https://www.openstreetmap.org/?mlat=40.0596&mlon=26.3420#map=12/40.0596/26.3420";
const pickupMapUrl = "https://www.openstreetmap.org/search?query=Mountain%20View%2C%20CA";

const columns = [
  {
    title: "Shop",
    links: [
      { label: "Our Olive Oils", to: "/our-olive-oils" },
      { label: "Memberships", to: "/become-a-member" },
      { label: "Holiday Collection", to: "/holiday-collection" },
      { label: "For Restaurants", to: "/restaurants" },
    ],
  },
  {
    title: "Academy",
    links: [
      { label: "Health Benefits", to: "/academy/health-benefits" },
      { label: "Choosing Olive Oil", to: "/academy/choosing-olive-oil" },
      { label: "Recipes", to: "/academy/recipes" },
    ],
  },
  {
    title: "Company",
    links: [
      { label: "Our Story", to: "/our-story" },
      { label: "Your Account", to: "/account" },
    ],
  },
];

function ExternalLink({ href, children }: { href: string; children: string }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="inline-flex min-h-11 items-center hover:underline"
    >
      {children}
    </a>
  );
}

export function Footer({
  brandName,
  supportEmail,
  instagramHandle,
}: {
  brandName: string;
  supportEmail: string;
  instagramHandle: string;
}) {
  return (
    <footer className="bg-olive-950 text-cream/90">
      <div className="container-page grid gap-10 py-14 md:grid-cols-[1.4fr_repeat(3,1fr)]">
        <div className="space-y-3">
          <p className="font-serif text-2xl text-cream">{brandName}</p>
          <p className="max-w-xs text-sm leading-relaxed text-cream/75">
            Single-estate extra virgin olive oil from our family grove on the Dardanelles, near
            ancient Troy. Pressed within hours of harvest, shipped across the US.
          </p>
          <ul className="flex flex-col text-sm">
            <li>
              <a
                href={`mailto:${supportEmail}`}
                className="inline-flex min-h-11 items-center hover:underline"
              >
                {supportEmail}
              </a>
            </li>
            <li>
              <ExternalLink href={`https://www.instagram.com/${instagramHandle}/`}>
                Instagram
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={estateMapUrl}>Find the estate on a map</ExternalLink>
            </li>
            <li>
              <ExternalLink href={pickupMapUrl}>Local pickup: Mountain View, CA</ExternalLink>
            </li>
          </ul>
        </div>
        {columns.map((column) => (
          <nav key={column.title} aria-label={column.title}>
            <h2 className="mb-2 font-sans text-xs font-semibold tracking-[0.2em] text-gold-200 uppercase">
              {column.title}
            </h2>
            <ul className="flex flex-col text-sm">
              {column.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="inline-flex min-h-11 items-center hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-cream/10">
        <p className="container-page py-5 text-xs text-cream/70">
          © {new Date().getFullYear()} {brandName}. Shipping to the US only.
        </p>
      </div>
    </footer>
  );
}
