/** A QR code drawn from its modules (rows of dark and light squares), with a quiet zone. */
export function QrCode({ modules, label }: { modules: boolean[][]; label: string }) {
  const quietZone = 4;
  const size = modules.length + quietZone * 2;
  const path = modules
    .flatMap((row, y) =>
      row.map((dark, x) => (dark ? `M${x + quietZone} ${y + quietZone}h1v1h-1z` : "")),
    )
    .join("");
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      className="size-52 rounded-lg bg-white"
      shapeRendering="crispEdges"
    >
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
