// Power prices tab (spec §2): per world view, a CSV of its price series; sorted by first letter.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { WorldViewTable } from "~/components/WorldViewTable";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { Page } from "~/components/ui";
import { POWER_PRICES, loadTab } from "../__worldviews.server";

export const meta: MetaFunction = () => [{ title: "Power prices · Voltcast" }];

export const loader = ({ request, context }: LoaderFunctionArgs) => loadTab(POWER_PRICES, request, context);

export default function PowerPrices() {
  const data = useLoaderData<typeof loader>();
  return (
    <Page>
      <WorldViewTable
        title="Power prices"
        intro="Each file holds a world view's wholesale power price series to 2050, one row per interval."
        nameHeader="Power price"
        singular="power price"
        plural="power prices"
        items={data.items}
        q={data.q}
        selected={data.selected}
        loggedIn={data.loggedIn}
        error={data.error}
        downloadHref={data.downloadHref}
        downloadAction="/library/power-prices/download"
        skeletonRows={1}
      />
    </Page>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
