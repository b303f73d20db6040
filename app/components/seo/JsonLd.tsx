import { type JsonLdObject, serializeJsonLd } from "~core/structured-data";

/**
 * Structured data for search engines, written by the server only. Callers build the data as
 * `import.meta.env.SSR ? build(...) : null`, so that the bundler leaves the code that makes it
 * out of the pages' scripts. Hydrating, the browser keeps the server's text: React does not
 * compare the contents of a script it did not write.
 */
export function JsonLd({ data }: { data: JsonLdObject | JsonLdObject[] | null }) {
  return (
    <script
      type="application/ld+json"
      suppressHydrationWarning
      // biome-ignore lint/security/noDangerouslySetInnerHtml: serializeJsonLd escapes <, > and &, so the text cannot leave the script element
      dangerouslySetInnerHTML={{ __html: import.meta.env.SSR && data ? serializeJsonLd(data) : "" }}
    />
  );
}
