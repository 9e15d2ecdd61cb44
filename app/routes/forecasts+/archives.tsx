// Zip archives of runs being prepared in the background (spec §4 "Background jobs list", spec §7
// /forecast/run-library/zip-archives/): the list (also polled by the run list with JavaScript),
// retry and cancel as plain form posts.
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { apiFor, ApiResponseError } from "~/services/api.server";
import { safeRedirect } from "~/services/redirects.server";
import { listArchives } from "~/services/runs.server";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Muted, Page } from "~/components/ui";
import { BackgroundJobs } from "~/components/runs/BackgroundJobs";

export const meta: MetaFunction = () => [{ title: "Background jobs · Voltcast" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = await apiFor(request);
  return json({ archives: await listArchives(api) }, { headers: { "cache-control": "no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  const api = await apiFor(request);
  const params = { path: { id } };
  try {
    if (intent === "retry") await api.POST("/forecast/run-library/zip-archives/{id}/retry/", { params });
    else if (intent === "cancel") await api.DELETE("/forecast/run-library/zip-archives/{id}/", { params });
    else return json({ error: "Unknown action." }, { status: 400 });
  } catch (e) {
    // Already gone (finished and removed, or cancelled elsewhere): the list shows the truth.
    if (!(e instanceof ApiResponseError && e.status === 404)) throw e;
  }
  return redirect(safeRedirect(form.get("redirectTo"), "/forecasts/archives"));
}

export default function Archives() {
  const { archives } = useLoaderData<typeof loader>();
  return (
    <Page>
      <p>
        <Link to="/forecasts">← All runs</Link>
      </p>
      <h1>Background jobs</h1>
      {archives.length === 0 ? (
        <Muted>No zip archives are being prepared.</Muted>
      ) : (
        <BackgroundJobs initial={archives} heading="Zip archives" />
      )}
      <p>
        <Link to="/forecasts/archives" reloadDocument>
          Refresh
        </Link>
      </p>
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
