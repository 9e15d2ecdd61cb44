// /forecasts/builder — the start screen (spec §2): start from scratch with one of four
// configurations (the 'Create {configuration}' modal, `?modal=create&configuration=`), or from an
// existing asset (search: 500 ms debounce with JavaScript, a plain search form without).
import type { z } from "zod";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, getSelectProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useMemo } from "react";
import styled from "styled-components";
import { apiFor } from "~/services/api.server";
import { me } from "~/services/auth.server";
import {
  builderAccess,
  refuseUnknownConfiguration,
  searchAssets,
  type AssetCardData,
} from "~/services/builder.server";
import { assetCardLines, assetStart } from "~/services/builderCanvas.server";
import { regionsOffered, withZones } from "~/services/builderPage.server";
import {
  CONFIGURATION_LABELS,
  REGION_LABELS,
  forecastDrawerSchemas,
  hasSolar,
  type Configuration,
  type ForecastRegion,
} from "~/validation/forecast";
import { scopedSchema } from "~/validation/builderSchemas";
import { ROUTES, builderHref, readQuery, type FormState } from "~/components/builder/state";
import { AssetGrid } from "~/components/builder/AssetCards";
import { AssetSearch } from "~/components/builder/CanvasPage";
import { Modal } from "~/components/builder/Modal";
import { LocationSearch } from "~/components/builder/ForecastFields";
import { useHydrated } from "~/components/builder/ui";
import { Field, FormErrors } from "~/components/Field";
import { Button, ButtonLink, Card, Muted, Notice, Page } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { theme } from "~/components/theme";

export const meta: MetaFunction = () => [{ title: "Forecast builder · Voltcast" }];

const SCRATCH: Configuration[] = ["bess", "solarDCcoupling", "solarACcoupling", "solar"];
const CREATE_FIELDS = [
  "assetName",
  "zipCode",
  "region",
  "addressLine1",
  "city",
  "latitude",
  "longitude",
] as const;
/** Checked here: what the modal shows (coordinates come from the zip code or the location search). */
const CHECKED_FIELDS = ["assetName", "zipCode", "region", "addressLine1", "city"] as const;

function createSchema(flags: Record<string, boolean>) {
  return scopedSchema([forecastDrawerSchemas({ flags }).assetInfo], CHECKED_FIELDS);
}

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const q = readQuery(url);
  // A draft id goes to its edit page; the old builder (new-form flag off) is the canvas.
  if (q.forecastId && q.configuration) {
    const sp = new URLSearchParams(url.search);
    sp.delete("forecastId");
    sp.delete("runId");
    throw redirect(`${ROUTES.edit(q.forecastId)}?${sp.toString()}`);
  }
  refuseUnknownConfiguration(url);
  const [who, api] = await Promise.all([me(request), apiFor(request)]);
  if (!who.flags.forecast_new_form) throw redirect(`${ROUTES.canvas}${url.search}`);
  const access = builderAccess(who);
  const search = (url.searchParams.get("search") ?? "").trim().slice(0, 100);
  const addMultiple = url.searchParams.get("addMultiple") === "true";
  const single = access.offeredRegions.length === 1 ? access.offeredRegions[0] : undefined;
  const assets = await searchAssets(api, search, single).catch(() => [] as AssetCardData[]);
  const gb = access.regions.includes("GB");
  const buttons = SCRATCH.map((c) => ({
    configuration: c,
    label: CONFIGURATION_LABELS[c],
    // Solar-type configurations: not inside the add-multiple flow, and only with GB among the user's regions.
    disabled: hasSolar(c) && (addMultiple || !gb),
    href: builderHref(ROUTES.builder, {
      configuration: c,
      modal: "create",
      extra: { search: search || undefined, addMultiple: addMultiple ? "true" : undefined },
    }),
  }));
  const creating =
    q.modal === "create" &&
    q.configuration &&
    !buttons.find((b) => b.configuration === q.configuration)?.disabled
      ? q.configuration
      : null;
  return json({
    unknownConfiguration: url.searchParams.get("unknownConfiguration"),
    search,
    buttons,
    cards: assets.map((a) => ({
      key: a.uid,
      title: a.name,
      href: assetStart(a, access.offeredRegions).href,
      lines: assetCardLines(a),
      image: a.image ?? null,
    })),
    creating,
    regions: creating ? regionsOffered(access, creating) : [],
    flags: who.flags,
    closeHref: builderHref(ROUTES.builder, {
      extra: { search: search || undefined, addMultiple: addMultiple ? "true" : undefined },
    }),
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const url = new URL(request.url);
  const form = await request.formData();
  const who = await me(request);
  const configuration = String(form.get("configuration") ?? "") as Configuration;
  if (!(configuration in CONFIGURATION_LABELS)) throw json("Unknown configuration", { status: 400 });
  const submission = parseWithZod(form, { schema: createSchema(who.flags) });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  const region = String(form.get("region")) as ForecastRegion;
  let state: FormState = {};
  for (const f of CREATE_FIELDS) {
    const v = form.get(f);
    if (typeof v === "string" && v.trim() && f !== "region") state[f] = v.trim();
  }
  state = await withZones(await apiFor(request), region, state);
  // On to the canvas, keeping the query.
  const sp = new URLSearchParams(url.search);
  for (const k of ["modal", "configuration", "region", "f", "search", "index"]) sp.delete(k);
  const extra = Object.fromEntries(sp.entries());
  return redirect(builderHref(ROUTES.canvas, { configuration, region, state, extra }));
}

const Section = styled.section`
  margin-bottom: 1.5rem;
  h2 {
    margin: 0 0 0.25rem;
    font-size: 1.25rem;
  }
`;
const Buttons = styled.ul`
  list-style: none;
  padding: 0;
  margin: 1rem 0 0;
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
  gap: 0.75rem;
  a,
  button {
    width: 100%;
    justify-content: center;
    min-height: 3.25rem;
  }
`;
const Divider = styled.div`
  display: flex;
  align-items: center;
  gap: 1rem;
  margin: 1.5rem 0;
  color: ${theme.colour.muted};
  font-weight: 600;
  &::before,
  &::after {
    content: "";
    flex: 1;
    border-top: 1px solid ${theme.colour.line};
  }
`;
const Skeleton = styled.li`
  height: 6.5rem;
  border-radius: 10px;
  background: linear-gradient(90deg, #eef1f5, #f7f9fb, #eef1f5);
`;
const SkeletonGrid = styled.ul`
  list-style: none;
  padding: 0;
  display: grid;
  gap: 1rem;
  grid-template-columns: repeat(3, minmax(0, 1fr));
  @media (max-width: 599px) {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;
const About = styled.section`
  margin-top: 2rem;
  &:target {
    outline: 3px solid ${theme.colour.focus};
    outline-offset: 4px;
    border-radius: 6px;
  }
`;

export default function BuilderStart() {
  const data = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const location = useLocation();
  const searching =
    navigation.state === "loading" &&
    navigation.location?.pathname === location.pathname &&
    navigation.location.search.includes("search=");
  return (
    <Page>
      <h1>Forecast builder</h1>
      {data.unknownConfiguration ? (
        <Notice role="alert" $tone="danger">
          “{data.unknownConfiguration}” is not a configuration Voltcast models. Choose one below.
        </Notice>
      ) : null}
      <Card>
        <Section aria-labelledby="scratch-title">
          <h2 id="scratch-title">Start from scratch</h2>
          <Muted>Select configuration for asset for what you want to create a forecast</Muted>
          <Buttons>
            {data.buttons.map((b) => (
              <li key={b.configuration}>
                {b.disabled ? (
                  <Button type="button" $variant="secondary" disabled>
                    {b.label}
                  </Button>
                ) : (
                  <ButtonLink to={b.href} $variant="secondary" preventScrollReset>
                    {b.label}
                  </ButtonLink>
                )}
              </li>
            ))}
          </Buttons>
        </Section>
        <Divider role="separator">Or</Divider>
        <Section aria-labelledby="existing-title">
          <h2 id="existing-title">Start from an existing asset or project</h2>
          <AssetSearch search={data.search} label="Search for existing asset" />
          {searching ? (
            <SkeletonGrid aria-hidden="true">
              {Array.from({ length: 8 }, (_, i) => (
                <Skeleton key={i} />
              ))}
            </SkeletonGrid>
          ) : data.cards.length ? (
            <AssetGrid label="Existing assets" cards={data.cards} />
          ) : (
            <Muted>No assets match{data.search ? ` “${data.search}”` : ""}.</Muted>
          )}
        </Section>
      </Card>
      <About id="about-forecasts" aria-labelledby="about-title">
        <h2 id="about-title">About forecast creation</h2>
        <Muted>
          A forecast needs the asset’s location and size, how it connects to the grid, the revenue strategy
          and one or more world views. Each world view you select becomes one run of the model; you can save
          your work as a draft at any time and run it later.
        </Muted>
      </About>
      {data.creating ? (
        <CreateModal
          configuration={data.creating}
          regions={data.regions}
          flags={data.flags}
          closeHref={data.closeHref}
        />
      ) : null}
    </Page>
  );
}

function CreateModal({
  configuration,
  regions,
  flags,
  closeHref,
}: {
  configuration: Configuration;
  regions: ForecastRegion[];
  flags: Record<string, boolean>;
  closeHref: string;
}) {
  const lastResult = useActionData<typeof action>();
  const hydrated = useHydrated();
  const schema = useMemo(() => createSchema(flags), [flags]);
  const [form, fields] = useForm<z.infer<typeof schema>>({
    id: `create-${configuration}`,
    lastResult,
    defaultValue: { region: regions[0] },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const title = `Create ${CONFIGURATION_LABELS[configuration]}`;
  const basicInfo = !!flags.forecast_new_basic_info_popup;
  const region = (fields.region.value as ForecastRegion | undefined) ?? regions[0];
  return (
    <Modal id="create-modal" title={basicInfo ? undefined : title} label={title} closeHref={closeHref}>
      <Form method="post" {...getFormProps(form)}>
        <FormErrors id={form.errorId} errors={form.errors} />
        <input type="hidden" name="configuration" value={configuration} />
        <Field
          label="Asset Name"
          htmlFor={fields.assetName.id}
          errorId={fields.assetName.errorId}
          errors={fields.assetName.errors}
        >
          <input {...getInputProps(fields.assetName, { type: "text" })} required={false} />
        </Field>
        {regions.length > 1 ? (
          <Field
            label="Region"
            htmlFor={fields.region.id}
            errorId={fields.region.errorId}
            errors={fields.region.errors}
          >
            <select {...getSelectProps(fields.region)} required={false}>
              {regions.map((r) => (
                <option key={r} value={r}>
                  {REGION_LABELS[r]}
                </option>
              ))}
            </select>
          </Field>
        ) : (
          <input type="hidden" name="region" value={regions[0] ?? ""} />
        )}
        {hydrated ? <LocationSearch region={region} /> : null}
        <Field
          label="Location (zip code)"
          htmlFor={fields.zipCode.id}
          errorId={fields.zipCode.errorId}
          errors={fields.zipCode.errors}
        >
          <input
            {...getInputProps(fields.zipCode, { type: "text" })}
            required={false}
            autoComplete="postal-code"
          />
        </Field>
        {(["addressLine1", "city", "latitude", "longitude"] as const).map((f) => (
          <input
            key={f}
            type="hidden"
            name={f}
            defaultValue={(fields[f].initialValue as string | undefined) ?? ""}
          />
        ))}
        <footer
          style={{
            display: "flex",
            justifyContent: basicInfo ? "space-between" : "flex-end",
            alignItems: "center",
            gap: "0.5rem",
            marginTop: "1rem",
          }}
        >
          {basicInfo ? (
            <Link to={`${closeHref}#about-forecasts`}>Learn about forecast creation</Link>
          ) : (
            <Link to={closeHref}>Cancel</Link>
          )}
          <Button type="submit">Create forecast</Button>
        </footer>
      </Form>
    </Modal>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
