import { createContext, type ReactNode, useContext } from "react";
import type { Catalog } from "~core/catalog";

const CatalogContext = createContext<Catalog | null>(null);

/** The catalog the page was rendered with: names, texts and current prices, for every part of it. */
export function CatalogProvider({ catalog, children }: { catalog: Catalog; children: ReactNode }) {
  return <CatalogContext value={catalog}>{children}</CatalogContext>;
}

export function useCatalog(): Catalog {
  const catalog = useContext(CatalogContext);
  if (!catalog) throw new Error("useCatalog must be used inside <CatalogProvider>");
  return catalog;
}
