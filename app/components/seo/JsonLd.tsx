import { type JsonLdObject, serializeJsonLd } from "~/core/structured-data";

/** Structured data for search engines; never executed by the browser. */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] }) {
  return (
    <script
      type="application/ld+json"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes <, > and &, so the text cannot leave the script element
      dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }}
    />
  );
}
