// /library opens on live and historic data (the section most visitors come for).
import { redirect } from "@remix-run/node";

export function loader() {
  return redirect("/library/live-and-historic");
}
