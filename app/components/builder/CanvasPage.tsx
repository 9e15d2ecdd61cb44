// The canvas screen (and, without a configuration, its pre-configuration asset list).
import { Form, useActionData, useLoaderData, useSubmit } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/node";
import { useEffect, useRef } from "react";
import styled from "styled-components";
import type { canvasAction, canvasLoader } from "~/services/builderCanvas.server";
import { CONFIGURATION_LABELS, REGION_LABELS } from "~/validation/forecast";
import { Button, ButtonLink, Muted, Page } from "../ui.tsx";
import { theme } from "../theme.ts";
import { AssetGrid } from "./AssetCards.tsx";
import { BuilderPageModals, useLeaveGuard } from "./BuilderModals.tsx";
import { Canvas, Drawer } from "./Canvas.tsx";
import {
  DetailsDrawerForm,
  DraftDrawerForm,
  RequiredFieldsList,
  RunDrawerForm,
  builderFormProps,
} from "./DrawerForms.tsx";
import { FinanceDrawerForm } from "./FinanceDrawer.tsx";
import { DRAWER_TITLES } from "./summaries.ts";
import { scenariosOffered, str } from "./state.ts";
import { Toolbar, useHydrated } from "./ui.tsx";

type LoaderData = SerializeFrom<typeof canvasLoader>;
type CanvasData = Extract<LoaderData, { mode: "canvas" }>;
type PreconfigData = Extract<LoaderData, { mode: "preconfig" }>;
type ActionData = SerializeFrom<typeof canvasAction>;

export function CanvasRoute() {
  const data = useLoaderData<typeof canvasLoader>();
  if (data.mode === "preconfig") return <PreConfiguration data={data} />;
  return <CanvasScreen data={data} />;
}

const SearchRow = styled.div`
  display: flex;
  gap: 0.5rem;
  align-items: flex-end;
  margin-bottom: 1.25rem;
  label {
    font-weight: 600;
    display: block;
    margin-bottom: 0.3rem;
  }
  input {
    font: inherit;
    padding: 0.5rem 0.6rem;
    border: 1px solid ${theme.colour.line};
    border-radius: ${theme.radius};
    width: min(28rem, 70vw);
  }
`;

/** Searches as the user types (500 ms after the last key) when JavaScript is on. */
export function AssetSearch({ search, label }: { search: string; label: string }) {
  const hydrated = useHydrated();
  const submit = useSubmit();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return (
    <Form method="get" ref={formRef} role="search" preventScrollReset>
      <SearchRow>
        <div>
          <label htmlFor="asset-search">{label}</label>
          <input
            id="asset-search"
            name="search"
            type="search"
            defaultValue={search}
            placeholder={label}
            onChange={() => {
              clearTimeout(timer.current);
              timer.current = setTimeout(
                () => submit(formRef.current, { replace: true, preventScrollReset: true }),
                500,
              );
            }}
          />
        </div>
        {hydrated ? null : <Button type="submit">Search</Button>}
      </SearchRow>
    </Form>
  );
}

function PreConfiguration({ data }: { data: PreconfigData }) {
  return (
    <Page>
      <h1>Start your forecast</h1>
      <Muted>
        Pick one of the assets below to start from its details, or start a new project from scratch.
      </Muted>
      <AssetSearch search={data.search} label="Search for existing asset" />
      <AssetGrid label="Assets" cards={data.cards} />
    </Page>
  );
}

const Head = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  align-items: center;
  gap: 0.75rem;
  margin-bottom: 1rem;
  h1 {
    margin: 0;
  }
  p {
    margin: 0.2rem 0 0;
    color: ${theme.colour.muted};
  }
`;

function CanvasScreen({ data }: { data: CanvasData }) {
  const action = useActionData<ActionData>() as { reply?: any; nodes?: any; modal?: any } | undefined;
  const hydrated = useHydrated();
  const region = data.region ?? undefined;
  const flags = data.flags as Record<string, boolean>;
  const props = builderFormProps(data, action);
  const offered = scenariosOffered(data.scenarios, region, data.configuration);
  const editing = !!data.forecastId;
  const title = str(data.state, "assetName") || "New forecast";

  const guard = useLeaveGuard(data.dirty);

  const here = data.hrefs.here;

  return (
    <Page style={{ maxWidth: "90rem" }}>
      <Head>
        <div>
          <h1>{title}</h1>
          <p>
            {CONFIGURATION_LABELS[data.configuration]}
            {region ? ` · ${REGION_LABELS[region]}` : ""}
            {editing ? " · Draft" : ""}
          </p>
        </div>
        <Toolbar aria-label="Canvas actions">
          {data.regions.length > 1 || !region ? (
            <Form method="post" style={{ display: "inline-flex", gap: "0.4rem", alignItems: "center" }}>
              <label htmlFor="canvas-region">Region</label>
              <select
                id="canvas-region"
                name="region"
                defaultValue={region ?? ""}
                onChange={hydrated ? (e) => e.currentTarget.form?.requestSubmit() : undefined}
              >
                {!region ? <option value="">Choose a region…</option> : null}
                {data.regions.map((r) => (
                  <option key={r} value={r}>
                    {REGION_LABELS[r]}
                  </option>
                ))}
              </select>
              {hydrated ? (
                <input type="hidden" name="intent" value="region" />
              ) : (
                <Button type="submit" name="intent" value="region" $variant="secondary">
                  Change
                </Button>
              )}
            </Form>
          ) : null}
          {flags.forecast_builder_new_form ? (
            <ButtonLink to={data.hrefs.stepper} $variant="link">
              Open as steps
            </ButtonLink>
          ) : null}
          {flags.forecast_hide_drafts ? (
            <ButtonLink to={data.dirty ? data.hrefs.leave : data.hrefs.builder} $variant="secondary">
              Cancel
            </ButtonLink>
          ) : (
            <ButtonLink to={data.hrefs.drawer.draft} $variant="secondary" preventScrollReset>
              {editing ? "Save changes" : "Save as draft"}
            </ButtonLink>
          )}
          {region ? (
            <ButtonLink to={data.hrefs.drawer.finance} $variant="secondary" preventScrollReset>
              Finance (optional)
            </ButtonLink>
          ) : null}
          <ButtonLink to={data.hrefs.drawer.run} preventScrollReset>
            Run model
          </ButtonLink>
        </Toolbar>
      </Head>

      {!region ? (
        <Muted>Choose a region to start.</Muted>
      ) : (
        <Canvas
          blocks={data.blocks}
          activeKind={data.drawer ?? undefined}
          height={flags.ai_chat_ui ? "calc(100vh - 24rem)" : undefined}
        />
      )}

      {data.drawer && region ? (
        <Drawer
          kind={data.drawer}
          closeHref={here}
          title={data.drawer === "draft" && editing ? "Save changes" : DRAWER_TITLES[data.drawer].title}
          description={DRAWER_TITLES[data.drawer].description}
        >
          {data.drawer === "run" ? (
            data.missing.length ? (
              <RequiredFieldsList missing={data.missing} />
            ) : (
              <RunDrawerForm key="run" props={props} cancelHref={here} offered={offered} />
            )
          ) : data.drawer === "finance" ? (
            <FinanceDrawerForm
              key="finance"
              props={props}
              defaults={data.financeDefaults}
              cancelHref={here}
            />
          ) : data.drawer === "draft" ? (
            <DraftDrawerForm key="draft" props={props} cancelHref={here} editing={editing} />
          ) : (
            <DetailsDrawerForm key={data.drawer} kind={data.drawer} props={props} cancelHref={here} />
          )}
        </Drawer>
      ) : null}

      <BuilderPageModals page={data} oops={action?.modal} guard={guard} />
    </Page>
  );
}
