// The builder's optional Finance drawer (issue 30 item 4, decision 0411): the forecast's finance
// inputs, each empty field taking the market's default, shown beside it with its source (from the
// API's finance defaults). Saved into the forecast's URL state like every drawer (a plain form post
// without JavaScript), so drafts keep the inputs and the run is posted with them (`finance` in the
// forecast body). Checked by the forecast's own finance rules.
import type { FieldMetadata } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { useMemo } from "react";
import { Button, ButtonLink, Muted } from "../ui.tsx";
import { FormErrors } from "../Field.tsx";
import { DrawerFooter } from "./Canvas.tsx";
import { TextField, type FieldsMap } from "./ForecastFields.tsx";
import { useBuilderForm, type BuilderFormProps } from "./DrawerForms.tsx";
import { drawerOwnedFields, drawerSchema } from "~/validation/builderSchemas";
import { FINANCE_FIELDS, fieldChoices, fieldLabel, fieldUnit, inputText } from "../runs/finance.ts";
import type { components } from "~/services/api-types";

type FinanceDefaults = components["schemas"]["FinanceDefaults"];

export function FinanceDrawerForm({
  props,
  defaults,
  cancelHref,
}: {
  props: BuilderFormProps;
  defaults: FinanceDefaults | null;
  cancelHref: string;
}) {
  const schema = useMemo(
    () =>
      drawerSchema("finance", props.configuration, {
        flags: props.flags,
        region: props.region,
        configuration: props.configuration,
        scenarios: props.scenarios,
      }),
    [props.configuration, props.flags, props.region, props.scenarios],
  );
  const owned = useMemo(() => drawerOwnedFields("finance", props.configuration), [props.configuration]);
  const { form, fields, formProps, valid } = useBuilderForm("drawer-finance", schema, owned, props);
  const navigation = useNavigation();
  const finance = (
    fields as unknown as {
      finance: {
        getFieldset(): Record<string, FieldMetadata<string | undefined, Record<string, unknown>, string[]>>;
      };
    }
  ).finance.getFieldset();
  const currency = defaults?.currency ?? "";
  return (
    <Form method="post" {...formProps} preventScrollReset aria-label="Finance inputs">
      <FormErrors id={form.errorId} errors={form.errors} />
      <input type="hidden" name="intent" value="drawer-save" />
      <button type="submit" name="intent" value="drawer-save" hidden tabIndex={-1} />
      <input type="hidden" name="drawer" value="finance" />
      {props.configuration !== "bess" ? (
        <Muted>
          The investment case is computed for stand-alone batteries; these inputs are kept for later.
        </Muted>
      ) : null}
      {defaults ? null : (
        <Muted>The market’s defaults could not be read; empty fields still take them.</Muted>
      )}
      {FINANCE_FIELDS.map((name) => {
        const meta = finance[name];
        const source = defaults?.sources[name];
        const def = (defaults?.inputs as Record<string, unknown> | undefined)?.[name];
        const hint = defaults ? (
          <>
            Default {inputText(name, def)}
            {source ? (
              <>
                {" "}
                — {source.text}
                {source.url ? (
                  <>
                    {" "}
                    (<a href={source.url}>source</a>)
                  </>
                ) : null}
              </>
            ) : null}
          </>
        ) : undefined;
        const choices = fieldChoices(name);
        if (choices)
          return (
            <div key={name} style={{ marginBottom: "1rem" }}>
              <label htmlFor={meta.id} style={{ fontWeight: 600, display: "block" }}>
                {fieldLabel(name)}
              </label>
              <small style={{ display: "block" }}>{hint}</small>
              <select
                id={meta.id}
                name={meta.name}
                defaultValue={(meta.initialValue as string | undefined) ?? ""}
                style={{ font: "inherit", padding: "0.4rem" }}
              >
                <option value="">Default{def ? ` (${String(def)})` : ""}</option>
                {choices.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
              <div id={meta.errorId} role={meta.errors?.length ? "alert" : undefined}>
                {meta.errors?.join(" ")}
              </div>
            </div>
          );
        return (
          <TextField
            key={name}
            meta={meta as unknown as FieldsMap[string]}
            label={fieldLabel(name)}
            unit={fieldUnit(name, currency || "currency") ?? undefined}
            hint={hint}
            numeric={{ negative: name === "inflation" }}
            placeholder={def === undefined ? undefined : String(def)}
          />
        );
      })}
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
          Save finance inputs
        </Button>
      </DrawerFooter>
    </Form>
  );
}
