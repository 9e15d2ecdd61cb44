// The forms inside the canvas drawers: the details drawers (fields + Cancel / 'Save details'), the
// draft drawer and the run drawer ('Continue', or the list of still-missing required fields).
import type { z } from "zod";
import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import styled from "styled-components";
import { Button, ButtonLink } from "../ui.tsx";
import { FormErrors } from "../Field.tsx";
import { theme } from "../theme.ts";
import { DrawerFooter } from "./Canvas.tsx";
import { TEXTS } from "./BuilderModals.tsx";
import {
  BatteryFields,
  GridFields,
  HorizonField,
  LocationFields,
  OutputNameFields,
  ScenarioFields,
  SolarFields,
  StrategyFields,
  TariffFields,
  TextField,
  KeptUpload,
  WindFields,
  type FieldsContext,
  type FieldsMap,
  type NodeResult,
} from "./ForecastFields.tsx";
import { useHydrated } from "./ui.tsx";
import { stateToFormData, type FormState, type Scenario } from "./state.ts";
import {
  ADVANCED_FIELDS,
  drawerOwnedFields,
  drawerSchema,
  type DrawerKind,
} from "~/validation/builderSchemas";
import type { Configuration, ForecastRegion } from "~/validation/forecast";

export interface BuilderFormProps {
  configuration: Configuration;
  region?: ForecastRegion;
  state: FormState;
  flags: Record<string, boolean>;
  scenarios: Scenario[];
  lastResult?: SubmissionResult<string[]> | null;
  nodes?: NodeResult[] | null;
}

/** A builder page's form props: its loader's forecast state and its action's answer (reply, nodes). */
export function builderFormProps(
  data: {
    configuration: Configuration;
    region: ForecastRegion | null;
    state: FormState;
    flags: Record<string, boolean>;
    scenarios: Scenario[];
  },
  action?: { reply?: SubmissionResult<string[]> | null; nodes?: NodeResult[] | null },
): BuilderFormProps {
  return {
    configuration: data.configuration,
    region: data.region ?? undefined,
    state: data.state,
    flags: data.flags,
    scenarios: data.scenarios,
    lastResult: action?.reply ?? null,
    nodes: action?.nodes ?? null,
  };
}

/** The form's values over the state's other fields, so that cross-field rules see everything. */
export function mergedFormData(formData: FormData, state: FormState, owned: readonly string[]): FormData {
  const rest: FormState = { ...state };
  for (const o of owned) delete rest[o];
  const fd = stateToFormData(rest);
  for (const [k, v] of formData.entries()) {
    if (typeof v === "string") fd.append(k, v);
  }
  // A chosen file stands for its upload until the server has it.
  const pending: [string, string][] = [
    ["degradationFile", "customDegradationCurveId"],
    ["solarProfileFile", "solarProfileId"],
  ];
  for (const [file, id] of pending) {
    const f = formData.get(file);
    if (f && typeof f !== "string" && f.size > 0) fd.set(id, "pending-upload");
  }
  return fd;
}

/**
 * Conform form for a set of owned fields validated by `schema` over the whole state. `valid` and
 * `coreValid` (advanced fields aside) follow every keystroke with JavaScript; without it they are
 * true and the server decides.
 */
export function useBuilderForm(
  id: string,
  schema: ReturnType<typeof drawerSchema>,
  owned: readonly string[],
  props: BuilderFormProps,
) {
  const hydrated = useHydrated();
  const [validity, setValidity] = useState({ valid: true, coreValid: true });
  const formRef = useRef<HTMLFormElement>(null);
  const [form, fields] = useForm<z.infer<typeof schema>>({
    id,
    lastResult: props.lastResult ?? undefined,
    defaultValue: props.state,
    onValidate: ({ formData }) => parseWithZod(mergedFormData(formData, props.state, owned), { schema }),
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
  });
  const recheck = () => {
    const el = formRef.current;
    if (!el) return;
    const sub = parseWithZod(mergedFormData(new FormData(el), props.state, owned), { schema });
    const failed = sub.status === "error" ? Object.keys(sub.error ?? {}) : [];
    setValidity({
      valid: failed.length === 0,
      coreValid: failed.every((f) => ADVANCED_FIELDS.has(f.split(".")[0])),
    });
  };
  useEffect(() => {
    if (hydrated) recheck();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);
  const formProps = {
    ...getFormProps(form),
    ref: formRef,
    onInput: () => setTimeout(recheck, 0),
    onChange: () => setTimeout(recheck, 0),
  };
  return {
    form,
    fields: fields as unknown as FieldsMap,
    formProps,
    valid: !hydrated || validity.valid,
    coreValid: !hydrated || validity.coreValid,
    hydrated,
  };
}

const AdvancedBox = styled.details`
  border: 1px dashed ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.5rem 0.9rem;
  margin-bottom: 1rem;
  summary {
    font-weight: 700;
    cursor: pointer;
  }
  summary[aria-disabled="true"] {
    color: ${theme.colour.muted};
    cursor: not-allowed;
  }
  .hint {
    color: ${theme.colour.muted};
    font-size: 0.9rem;
    margin: 0.25rem 0 0;
  }
`;

/** 'Advanced details' (spec §4): opens only while the core fields are valid, closes when they stop being. */
export function AdvancedDetails({ enabled, children }: { enabled: boolean; children: ReactNode }) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (!enabled && ref.current?.open) ref.current.open = false;
  }, [enabled]);
  return (
    <AdvancedBox ref={ref}>
      <summary
        aria-disabled={!enabled}
        onClick={(e) => {
          if (!enabled) e.preventDefault();
        }}
      >
        Advanced details
      </summary>
      {!enabled ? <p className="hint">Complete the fields above to open the advanced details.</p> : null}
      {children}
    </AdvancedBox>
  );
}

/** The fields of a details drawer (also used by the stepper's first step). */
export function DetailsFields({
  kind,
  ctx,
  props,
  coreValid,
}: {
  kind: DrawerKind;
  ctx: FieldsContext;
  props: BuilderFormProps;
  coreValid: boolean;
}) {
  const degradationUpload = (
    <>
      <KeptUpload
        kind="degradation"
        state={props.state}
        errors={ctx.fields.customDegradationCurveId?.errors}
      />
      <p style={{ marginTop: "-0.5rem" }}>
        <a href="/api/v1/forecast/run-library/custom-degradation-curve-template/">
          Download the curve template
        </a>
      </p>
    </>
  );
  const profileUpload = (
    <KeptUpload kind="solar" state={props.state} errors={ctx.fields.solarProfileId?.errors} />
  );
  switch (kind) {
    case "bessDetails":
      return (
        <>
          <BatteryFields ctx={ctx} degradationUpload={degradationUpload} />
          <AdvancedDetails enabled={coreValid}>
            <HorizonField ctx={ctx} />
          </AdvancedDetails>
        </>
      );
    case "gridConnection":
    case "solarGridConnection":
      return (
        <>
          <LocationFields ctx={ctx} nodes={props.nodes ?? undefined} />
          <GridFields ctx={ctx} solarOnly={kind === "solarGridConnection"} />
          {props.region === "GB" ? (
            <AdvancedDetails enabled={coreValid}>
              <TariffFields ctx={ctx} />
            </AdvancedDetails>
          ) : null}
        </>
      );
    case "solarDetails":
      return (
        <>
          <SolarFields ctx={ctx} profileUpload={profileUpload} />
          <AdvancedDetails enabled={coreValid}>
            <HorizonField ctx={ctx} />
          </AdvancedDetails>
        </>
      );
    case "windDetails":
      return (
        <>
          <WindFields ctx={ctx} />
          <AdvancedDetails enabled={coreValid}>
            <HorizonField ctx={ctx} />
          </AdvancedDetails>
        </>
      );
    default:
      return null;
  }
}

const hasUpload = (kind: DrawerKind, region?: ForecastRegion) =>
  kind === "solarDetails" || (kind === "bessDetails" && region === "ERCOT");

export function DetailsDrawerForm({
  kind,
  props,
  cancelHref,
}: {
  kind: DrawerKind;
  props: BuilderFormProps;
  cancelHref: string;
}) {
  const schema = useMemo(
    () =>
      drawerSchema(kind, props.configuration, {
        flags: props.flags,
        region: props.region,
        configuration: props.configuration,
        scenarios: props.scenarios,
      }),
    [kind, props.configuration, props.flags, props.region, props.scenarios],
  );
  const owned = useMemo(() => drawerOwnedFields(kind, props.configuration), [kind, props.configuration]);
  const { form, fields, formProps, valid, coreValid } = useBuilderForm(
    `drawer-${kind}`,
    schema,
    owned,
    props,
  );
  const navigation = useNavigation();
  const ctx: FieldsContext = {
    fields,
    region: props.region,
    configuration: props.configuration,
    flags: props.flags,
    state: props.state,
  };
  return (
    <Form
      method="post"
      {...formProps}
      encType={hasUpload(kind, props.region) ? "multipart/form-data" : undefined}
      preventScrollReset
    >
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="drawer-save" />
      <button type="submit" name="intent" value="drawer-save" hidden tabIndex={-1} />
      <input type="hidden" name="drawer" value={kind} />
      <DetailsFields kind={kind} ctx={ctx} props={props} coreValid={coreValid} />
      <DrawerFooter>
        <ButtonLink to={cancelHref} $variant="secondary" preventScrollReset>
          Cancel
        </ButtonLink>
        <Button
          type="submit"
          name="intent"
          value="drawer-save"
          disabled={!valid || navigation.state === "submitting"}
        >
          Save details
        </Button>
      </DrawerFooter>
    </Form>
  );
}

export function DraftDrawerForm({
  props,
  cancelHref,
  editing,
}: {
  props: BuilderFormProps;
  cancelHref: string;
  editing: boolean;
}) {
  const schema = useMemo(
    () =>
      drawerSchema("draft", props.configuration, {
        flags: props.flags,
        region: props.region,
        configuration: props.configuration,
        scenarios: props.scenarios,
      }),
    [props.configuration, props.flags, props.region, props.scenarios],
  );
  const { form, fields, formProps, valid } = useBuilderForm("drawer-draft", schema, ["assetName"], props);
  return (
    <>
      <Form method="post" {...formProps} preventScrollReset>
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.assetName} label="Asset name" />
        <DrawerFooter>
          <ButtonLink to={cancelHref} $variant="secondary" preventScrollReset>
            Cancel
          </ButtonLink>
          <Button type="submit" name="intent" value="draft" disabled={!valid}>
            {editing ? "Save changes" : "Save as draft"}
          </Button>
        </DrawerFooter>
      </Form>
      {editing ? (
        <Form method="post" style={{ marginTop: "1rem" }}>
          <Button type="submit" name="intent" value="delete-draft" $variant="danger">
            Delete draft
          </Button>
        </Form>
      ) : null}
    </>
  );
}

const Missing = styled.ul`
  padding-left: 1.2rem;
  li {
    margin: 0.35rem 0;
  }
  small {
    display: block;
    color: ${theme.colour.danger};
  }
`;

export function RequiredFieldsList({
  missing,
}: {
  missing: { field: string; label: string; message: string; href: string }[];
}) {
  return (
    <section aria-labelledby="required-title">
      <h3 id="required-title">{TEXTS.requiredTitle}</h3>
      <p>{TEXTS.requiredText}</p>
      <Missing>
        {missing.map((m) => (
          <li key={m.field}>
            <Link to={m.href} preventScrollReset>
              {m.label}
            </Link>
            <small>{m.message}</small>
          </li>
        ))}
      </Missing>
      <DrawerFooter>
        <ButtonLink to={missing[0].href} preventScrollReset>
          Continue
        </ButtonLink>
      </DrawerFooter>
    </section>
  );
}

export function RunDrawerForm({
  props,
  cancelHref,
  offered,
}: {
  props: BuilderFormProps;
  cancelHref: string;
  offered: Scenario[];
}) {
  const schema = useMemo(
    () =>
      drawerSchema("run", props.configuration, {
        flags: props.flags,
        region: props.region,
        configuration: props.configuration,
        scenarios: props.scenarios,
      }),
    [props.configuration, props.flags, props.region, props.scenarios],
  );
  const owned = useMemo(() => drawerOwnedFields("run", props.configuration), [props.configuration]);
  const { form, fields, formProps, valid } = useBuilderForm("drawer-run", schema, owned, props);
  const navigation = useNavigation();
  const ctx: FieldsContext = {
    fields,
    region: props.region,
    configuration: props.configuration,
    flags: props.flags,
    state: props.state,
  };
  return (
    <Form method="post" {...formProps} preventScrollReset>
      <FormErrors id={form.errorId} errors={form.errors} />
      <StrategyFields ctx={ctx} />
      <ScenarioFields ctx={ctx} scenarios={offered} />
      <OutputNameFields ctx={ctx} scenarios={offered} />
      <DrawerFooter>
        <ButtonLink to={cancelHref} $variant="secondary" preventScrollReset>
          Cancel
        </ButtonLink>
        <Button
          type="submit"
          name="intent"
          value="run"
          disabled={!valid || navigation.state === "submitting"}
        >
          Continue
        </Button>
      </DrawerFooter>
    </Form>
  );
}
