// Actions on the visitor's dataset downloads (retry a failed one, cancel or delete one), posted
// from the downloads panel of the library; back to the page they came from. As a page: all of them.
import { redirect, type ActionFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { DownloadsPanel, type loader as libraryLoader } from "./_layout";
import { Muted } from "~/components/ui";
import { apiFor } from "~/services/api.server";
import { safeRedirect } from "~/services/redirects.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";

export const meta: MetaFunction = () => [{ title: "Your downloads · Data library · Voltcast" }];

/** All of the visitor's downloads (the library's panel shows the latest few), newest first. */
export default function AllDownloads() {
  const data = useRouteLoaderData<typeof libraryLoader>("routes/library+/_layout");
  const downloads = data?.downloads ?? [];
  return downloads.length ? (
    <DownloadsPanel downloads={downloads} />
  ) : (
    <Muted>You have no downloads. Select datasets in the library to download them.</Muted>
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  const api = await apiFor(request);
  const params = { path: { id } };
  if (intent === "retry") await api.POST("/data-api/data-and-charts/data/preparing/{id}/retry/", { params });
  else if (intent === "delete")
    await api.DELETE("/data-api/data-and-charts/data/preparing/{id}/", { params });
  else throw new Response("Unknown action", { status: 400 });
  return redirect(safeRedirect(form.get("redirectTo"), "/library"));
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
