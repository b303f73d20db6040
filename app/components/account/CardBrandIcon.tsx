import type { CardBrand } from "~core/card";

const frame = { width: 48, height: 32, rx: 5 };

function BrandText({
  x,
  y,
  size,
  fill,
  italic = false,
  children,
}: {
  x: number;
  y: number;
  size: number;
  fill: string;
  italic?: boolean;
  children: string;
}) {
  return (
    <text
      x={x}
      y={y}
      textAnchor="middle"
      fill={fill}
      fontFamily="Arial, sans-serif"
      fontSize={size}
      fontStyle={italic ? "italic" : undefined}
      fontWeight="700"
    >
      {children}
    </text>
  );
}

function BrandMark({ brand }: { brand: CardBrand }) {
  switch (brand) {
    case "visa":
      return (
        <>
          <rect {...frame} fill="#1a1f71" />
          <BrandText x={24} y={21} size={13} fill="#fff" italic>
            VISA
          </BrandText>
        </>
      );
    case "mastercard":
      return (
        <>
          <rect {...frame} fill="#1c1b17" />
          <circle cx="19.5" cy="16" r="8" fill="#eb001b" />
          <circle cx="28.5" cy="16" r="8" fill="#f79e1b" fillOpacity="0.9" />
        </>
      );
    case "amex":
      return (
        <>
          <rect {...frame} fill="#2e77bb" />
          <BrandText x={24} y={20} size={10} fill="#fff">
            AMEX
          </BrandText>
        </>
      );
    case "discover":
      return (
        <>
          <rect {...frame} fill="#fff" stroke="#d9dfc2" />
          <circle cx="34" cy="16" r="6" fill="#f58220" />
          <BrandText x={17} y={19} size={7} fill="#1c1b17">
            DISC
          </BrandText>
        </>
      );
    case "unknown":
      return (
        <>
          <rect {...frame} fill="#ebeedd" stroke="#8a9a5b" />
          <rect x="0" y="8" width="48" height="6" fill="#8a9a5b" />
        </>
      );
  }
}

/** A small badge of the card's brand, drawn here; the text beside it names the brand. */
export function CardBrandIcon({ brand }: { brand: CardBrand }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 32" className="h-8 w-12 shrink-0">
      <BrandMark brand={brand} />
    </svg>
  );
}
