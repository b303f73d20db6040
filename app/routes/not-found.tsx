import { redirect } from "react-router";

/** Every unknown path leads home. */
export function loader() {
  return redirect("/");
}
