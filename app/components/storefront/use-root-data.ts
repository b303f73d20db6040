import { useRouteLoaderData } from "react-router";
import type { loader } from "~/root";

/** The root loader's data: brand, signed-in user and the storefront state. */
export function useRootData() {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("The root loader's data is missing");
  return data;
}
