// Actions on the visitor's dataset downloads (retry a failed one, cancel or delete one), posted
// from the downloads panel of the library; back to the page they came from.
import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { apiFor } from "~/services/api.server";
import { safeRedirect } from "~/services/auth.server";

export async function loader() {
  return redirect("/library");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  const api = await apiFor(request);
  const path = `/data-api/data-and-charts/data/preparing/${encodeURIComponent(id)}/`;
  if (intent === "retry") await api.json(`${path}retry/`, { method: "POST" });
  else if (intent === "delete") await api.json(path, { method: "DELETE" });
  else throw new Response("Unknown action", { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo"), "/library"));
}
