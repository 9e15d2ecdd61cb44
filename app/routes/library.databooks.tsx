// Databooks tab (spec §2): one xlsx workbook per world view; search, selection, zip download.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { WorldViewTable } from "~/components/WorldViewTable";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Page } from "~/components/ui";
import { DATABOOKS, downloadTab, loadTab } from "./__worldviews.server";

export const meta: MetaFunction = () => [{ title: "Databooks · Voltcast" }];

export const loader = ({ request }: LoaderFunctionArgs) => loadTab(DATABOOKS, request);
export const action = ({ request }: ActionFunctionArgs) => downloadTab(DATABOOKS, request);

export default function Databooks() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>() as (typeof loaded & { error: string }) | undefined;
  const data = acted && "items" in acted ? acted : loaded;
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
        error={acted?.error ?? null}
        skeletonRows={3}
      />
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
