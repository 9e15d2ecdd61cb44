// /forecasts/create/:step?configuration=&region=&forecastId=&f= — the create-forecast stepper
// (asset details, revenue strategy, world view, output file names) with its summary panel; with a
// forecastId, the draft edit page with the inline asset-name header (spec §2).
import type { z } from "zod";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/node";
import { Form, useActionData, useFetcher, useLoaderData, useNavigation } from "@remix-run/react";
import { getFormProps, getInputProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { useEffect, useMemo, useRef } from "react";
import type { PreviewAnswer } from "~/services/preview.server";
import { PreviewPanel } from "~/components/builder/PreviewPanel";
import styled from "styled-components";
import { stepperAction, stepperLoader } from "~/services/builderStepper.server";
import {
  CONFIGURATION_LABELS,
  REGION_LABELS,
  hasBattery,
  hasSolar,
  type StepName,
} from "~/validation/forecast";
import { drawerSchema, stepOwnedFields, stepSchema } from "~/validation/builderSchemas";
import { scenariosOffered, str } from "~/components/builder/state";
import {
  useBuilderForm,
  AdvancedDetails,
  RequiredFieldsList,
  builderFormProps,
  type BuilderFormProps,
} from "~/components/builder/DrawerForms";
import {
  BatteryFields,
  GridFields,
  HorizonField,
  LocationFields,
  OutputNameFields,
  ScenarioFields,
  SelectField,
  SolarFields,
  StrategyFields,
  TariffFields,
  TextField,
  KeptUpload,
  WindFields,
  type FieldsContext,
} from "~/components/builder/ForecastFields";
import { Stepper, SummaryPanel } from "~/components/builder/SummaryPanel";
import { BuilderPageModals, useLeaveGuard } from "~/components/builder/BuilderModals";
import { Group, useHydrated } from "~/components/builder/ui";
import { FormErrors } from "~/components/Field";
import { Button, ButtonLink, Card, Page } from "~/components/ui";
import { GeneralErrorBoundary } from "~/components/ErrorBoundary";
import { theme } from "~/components/theme";

export const meta: MetaFunction = () => [{ title: "Create forecast · Voltcast" }];

export const loader = ({ request, params }: LoaderFunctionArgs) => stepperLoader(request, params.step);
export const action = ({ request, params }: ActionFunctionArgs) => stepperAction(request, params.step);

type Data = SerializeFrom<typeof stepperLoader>;
type ActionData = {
  reply?: any;
  renameReply?: any;
  nodes?: any[] | null;
  modal?: { kind: "oops"; text: string; apiText: boolean } | null;
  missing?: { field: string; label: string; message: string; href: string }[] | null;
  preview?: PreviewAnswer;
};

const Layout = styled.div`
  display: grid;
  grid-template-columns: minmax(0, 1fr) 20rem;
  gap: 1.25rem;
  @media (max-width: 900px) {
    grid-template-columns: 1fr;
  }
`;
const Nav = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0.5rem;
  justify-content: space-between;
  margin-top: 1rem;
  padding-top: 1rem;
  border-top: 1px solid ${theme.colour.line};
  div {
    display: flex;
    gap: 0.5rem;
    flex-wrap: wrap;
  }
`;
const NameForm = styled(Form)`
  display: flex;
  gap: 0.5rem;
  align-items: flex-start;
  margin-bottom: 1rem;
  input {
    font-size: 1.5rem;
    font-weight: 700;
    border: 1px dashed transparent;
    padding: 0.2rem 0.4rem;
    border-radius: 6px;
    background: transparent;
    min-width: 18rem;
  }
  input:hover,
  input:focus {
    border-color: ${theme.colour.line};
    background: #fff;
  }
  label {
    position: absolute;
    left: -9999px;
  }
`;

export default function CreateForecast() {
  const data = useLoaderData<typeof loader>();
  const action = useActionData<typeof action>() as ActionData | undefined;
  const region = data.region ?? undefined;
  const editing = !!data.forecastId;
  const props = builderFormProps(data, action);
  const guard = useLeaveGuard(data.dirty);
  // the preview: posted by the form's 'Preview' button (no JavaScript), or a second after an edit
  const previewer = useFetcher<ActionData>();
  const preview = previewer.data?.preview ?? action?.preview;

  return (
    <Page style={{ maxWidth: "80rem" }}>
      {editing ? (
        <AssetNameHeader key={str(data.state, "assetName")} data={data} reply={action?.renameReply} />
      ) : (
        <h1>Create forecast{str(data.state, "assetName") ? `: ${str(data.state, "assetName")}` : ""}</h1>
      )}
      <p style={{ marginTop: "-0.5rem", color: theme.colour.muted }}>
        {CONFIGURATION_LABELS[data.configuration]}
        {region ? ` · ${REGION_LABELS[region]}` : ""}
        {" · "}
        <a href={data.hrefs.canvas}>Open on the canvas</a>
      </p>
      <Stepper steps={data.steps} />
      <Layout>
        <Card>
          <h2 style={{ marginTop: 0 }}>{data.stepLabel}</h2>
          {action?.missing?.length ? <RequiredFieldsList missing={action.missing} /> : null}
          <StepForm
            key={data.step}
            data={data}
            props={props}
            editing={editing}
            onEdit={(form) => {
              const fd = new FormData(form);
              fd.set("intent", "preview");
              previewer.submit(fd, { method: "post", encType: "multipart/form-data" });
            }}
          />
        </Card>
        <div>
          <SummaryPanel sections={data.summary} />
          <PreviewPanel answer={preview} busy={previewer.state !== "idle"} region={region} />
        </div>
      </Layout>

      <BuilderPageModals page={data} oops={action?.modal} guard={guard} />
    </Page>
  );
}

/** The draft's asset name, edited in place: saved on submit or when focus leaves it, only when valid. */
function AssetNameHeader({ data, reply }: { data: Data; reply?: any }) {
  const hydrated = useHydrated();
  const flags = data.flags as Record<string, boolean>;
  const schema = useMemo(
    () =>
      drawerSchema("draft", data.configuration, {
        flags,
        region: data.region ?? undefined,
        configuration: data.configuration,
      }),
    [data.configuration, data.region, flags],
  );
  const [form, fields] = useForm<z.infer<typeof schema>>({
    id: "asset-name-header",
    lastResult: reply,
    defaultValue: { assetName: str(data.state, "assetName") },
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
    shouldValidate: "onInput",
  });
  const ref = useRef<HTMLFormElement>(null);
  const initial = str(data.state, "assetName");
  return (
    <NameForm method="post" ref={ref} {...getFormProps(form)}>
      <input type="hidden" name="intent" value="rename" />
      <div>
        <label htmlFor={fields.assetName.id}>Asset name</label>
        <h1 style={{ margin: 0 }}>
          <input
            {...getInputProps(fields.assetName, { type: "text" })}
            required={false}
            onBlur={(e) => {
              const v = e.currentTarget.value.trim();
              if (v !== initial && v && v.length <= 100) ref.current?.requestSubmit();
            }}
          />
        </h1>
        <div
          id={fields.assetName.errorId}
          role={fields.assetName.errors?.length ? "alert" : undefined}
          style={{ color: theme.colour.danger }}
        >
          {fields.assetName.errors?.join(" ")}
        </div>
      </div>
      {hydrated ? null : (
        <Button type="submit" $variant="secondary">
          Save name
        </Button>
      )}
    </NameForm>
  );
}

function StepForm({
  data,
  props,
  editing,
  onEdit,
}: {
  data: Data;
  props: BuilderFormProps;
  editing: boolean;
  onEdit: (form: HTMLFormElement) => void;
}) {
  const step = data.step as StepName;
  const flags = props.flags;
  const schema = useMemo(
    () =>
      stepSchema(step, props.configuration, {
        flags,
        region: props.region,
        configuration: props.configuration,
        scenarios: props.scenarios,
      }),
    [step, props.configuration, props.region, props.scenarios, flags],
  );
  const owned = useMemo(() => stepOwnedFields(step, props.configuration), [step, props.configuration]);
  const { form, fields, formProps, coreValid } = useBuilderForm(`step-${step}`, schema, owned, props);
  const navigation = useNavigation();
  const ctx: FieldsContext = {
    fields,
    region: props.region,
    configuration: props.configuration,
    flags,
    state: props.state,
  };
  const offered = scenariosOffered(props.scenarios, props.region, props.configuration);
  const c = props.configuration;
  const multipart = step === "assetDetails" && (hasSolar(c) || props.region === "ERCOT");
  // an edit asks for a preview once the typing pauses (400 ms), and the page's first view asks for one
  const ref = formProps.ref;
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const edited = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => ref.current && onEdit(ref.current), 400);
  };
  useEffect(() => {
    edited();
    return () => clearTimeout(timer.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <Form
      method="post"
      {...formProps}
      onChange={() => {
        formProps.onChange();
        edited();
      }}
      onInput={() => {
        formProps.onInput();
        edited();
      }}
      encType={multipart ? "multipart/form-data" : undefined}
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      {/* The default button: Enter in a field moves on (or runs), never back or to a search. */}
      <button type="submit" name="intent" value={data.isLast ? "run" : "next"} hidden tabIndex={-1} />
      {step === "assetDetails" ? (
        <>
          <Group>
            <legend>Asset</legend>
            <TextField meta={fields.assetName} label="Asset name" />
            {data.regions.length > 1 ? (
              <SelectField
                meta={fields.region}
                label="Region"
                options={data.regions.map((r) => ({ value: r, label: REGION_LABELS[r] }))}
                placeholder="Choose a region…"
                hint="Changing the region resets the world view"
              />
            ) : (
              <input type="hidden" name="region" value={props.region ?? ""} />
            )}
          </Group>
          <LocationFields ctx={ctx} nodes={props.nodes ?? undefined} />
          {hasBattery(c) ? (
            <BatteryFields
              ctx={ctx}
              degradationUpload={
                <KeptUpload
                  kind="degradation"
                  state={props.state}
                  errors={fields.customDegradationCurveId?.errors}
                />
              }
            />
          ) : null}
          {c === "solar" ? <SolarFields ctx={ctx} /> : null}
          {c === "wind" ? <WindFields ctx={ctx} /> : null}
          {hasSolar(c) ? (
            <Group>
              <legend>Solar profile</legend>
              <KeptUpload kind="solar" state={props.state} errors={fields.solarProfileId?.errors} />
            </Group>
          ) : null}
          <GridFields ctx={ctx} solarOnly={!hasBattery(c)} />
          <AdvancedDetails enabled={coreValid}>
            {props.region === "GB" ? <TariffFields ctx={ctx} /> : null}
            <HorizonField ctx={ctx} />
          </AdvancedDetails>
        </>
      ) : null}
      {step === "revenueStrategies" ? <StrategyFields ctx={ctx} /> : null}
      {step === "worldView" ? <ScenarioFields ctx={ctx} scenarios={offered} /> : null}
      {step === "outputNames" ? (
        list(props.state).length ? (
          <OutputNameFields ctx={ctx} scenarios={offered} onlySelected />
        ) : (
          <p>Choose a world view first.</p>
        )
      ) : null}
      <Nav>
        <div>
          {data.isFirst ? null : (
            <Button type="submit" name="intent" value="previous" $variant="secondary">
              ← Previous
            </Button>
          )}
          {flags.forecast_hide_drafts ? (
            <ButtonLink to={data.dirty ? data.hrefs.leave : data.hrefs.builder} $variant="secondary">
              Cancel
            </ButtonLink>
          ) : (
            <Button type="submit" name="intent" value="draft" $variant="secondary">
              {editing ? "Save changes" : "Save as draft"}
            </Button>
          )}
          <Button type="submit" name="intent" value="preview" $variant="secondary" formNoValidate>
            Preview
          </Button>
        </div>
        <div>
          {data.isLast ? (
            <Button type="submit" name="intent" value="run" disabled={navigation.state === "submitting"}>
              Run model
            </Button>
          ) : (
            <Button type="submit" name="intent" value="next">
              Next →
            </Button>
          )}
        </div>
      </Nav>
      {editing ? (
        <div style={{ marginTop: "1rem" }}>
          <Button type="submit" name="intent" value="delete-draft" $variant="danger" formNoValidate>
            Delete draft
          </Button>
        </div>
      ) : null}
    </Form>
  );
}

function list(state: Record<string, unknown>): string[] {
  return Array.isArray(state.macroScenarios) ? (state.macroScenarios as string[]) : [];
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
