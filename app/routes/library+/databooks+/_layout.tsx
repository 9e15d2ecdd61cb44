// Databooks tab (spec §2): one xlsx workbook per world view; search, selection, zip download.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WorldViewTable } from "~/components/WorldViewTable";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Page } from "~/components/ui";
import { DATABOOKS, loadTab } from "../__worldviews.server";

export const meta: MetaFunction = () => [{ title: "Databooks · Voltcast" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadTab(DATABOOKS, request, context);

export default function Databooks() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page>
      <WorldViewTable
        title="Databooks"
        intro="Each databook is an Excel workbook of a world view: its assumptions (fuel, carbon, demand, capacity) and annual price statistics to 2050."
        nameHeader="World view"
        singular="databook"
        plural="databooks"
        items={data.items}
        q={data.q}
        selected={data.selected}
        loggedIn={data.loggedIn}
        error={data.error}
        downloadHref={data.downloadHref}
        downloadAction="/library/databooks/download"
        skeletonRows={3}
      />
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
