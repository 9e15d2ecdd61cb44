// The forecast's field groups (spec §3 fields, §4 behaviour), shared by the canvas drawers and the
// stepper. Inputs are Conform-wired (ids, errors, aria); the groups that depend on a choice follow
// it with CSS :has() (see <When>), so they work with JavaScript off; JavaScript adds the location and
// node autocompletes, the zip → GSP group lookup, numeric keystroke filtering and the rule that the
// last strategy or scenario cannot be unchecked.
import { getCollectionProps, getInputProps, getSelectProps, type FieldMetadata } from "@conform-to/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { useFetcher } from "@remix-run/react";
import styled from "styled-components";
import { Field, ErrorText } from "../Field.tsx";
import { Button } from "../ui.tsx";
import { theme } from "../theme.ts";
import { Choices, Group, Row, When, useHydrated } from "./ui.tsx";
import {
  CONNECTION_TYPES,
  ERCOT_ZONES,
  GSP_GROUPS,
  LIMITS,
  NEM_REGIONS,
  TNUOS_GENERATION_ZONES,
  defaultRunName,
  degradationsFor,
  hasBattery,
  isCoupled,
  revenueStrategiesFor,
  FORESIGHTS,
  type Configuration,
  type ForecastRegion,
} from "~/validation/forecast";
import { list, names, str, UPLOADS, type FormState, type Scenario } from "./state.ts";

export type Meta = FieldMetadata<any, Record<string, any>, string[]>;
export type FieldsMap = Record<string, Meta>;

export interface FieldsContext {
  fields: FieldsMap;
  region?: ForecastRegion;
  configuration: Configuration;
  flags: Record<string, boolean>;
  state: FormState;
}

// ── Inputs ───────────────────────────────────────────────────────────────────────────────────

export function TextField({
  meta,
  label,
  unit,
  hint,
  numeric,
  type = "text",
  placeholder,
  onBlur,
}: {
  meta: Meta;
  label: string;
  unit?: string;
  hint?: ReactNode;
  /**
   * A number (a decimal keypad on phones). What is typed is kept as typed: the schema refuses
   * anything but digits and one decimal point with the field's message (spec §5), never strips it.
   */
  numeric?: boolean | { negative?: boolean };
  type?: "text" | "date" | "time";
  placeholder?: string;
  onBlur?: (e: React.FocusEvent<HTMLInputElement>) => void;
}) {
  const props = getInputProps(meta, { type });
  return (
    <Field
      label={unit ? `${label} (${unit})` : label}
      htmlFor={meta.id}
      errorId={meta.errorId}
      errors={meta.errors}
      hint={hint}
    >
      <input
        {...props}
        required={false}
        inputMode={numeric ? "decimal" : undefined}
        placeholder={placeholder}
        onBlur={onBlur}
      />
    </Field>
  );
}

export function SelectField({
  meta,
  label,
  options,
  hint,
  placeholder = "Select…",
}: {
  meta: Meta;
  label: string;
  options: readonly { value: string; label: string }[];
  hint?: ReactNode;
  placeholder?: string;
}) {
  return (
    <Field label={label} htmlFor={meta.id} errorId={meta.errorId} errors={meta.errors} hint={hint}>
      <select {...getSelectProps(meta)} required={false}>
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

const Legend = styled.legend`
  font-weight: 600;
  padding: 0;
  margin-bottom: 0.2rem;
`;
const Plain = styled.fieldset`
  border: 0;
  padding: 0;
  margin: 0 0 0.75rem;
`;

export function ChoiceField({
  meta,
  label,
  options,
  type = "radio",
  keepOne,
}: {
  meta: Meta;
  label: string;
  options: readonly { value: string; label: string }[];
  type?: "radio" | "checkbox";
  /** Checkboxes: the last checked one cannot be unchecked (spec §4). */
  keepOne?: boolean;
}) {
  const items = getCollectionProps(meta, { type, options: options.map((o) => o.value) });
  const onClick = (e: React.MouseEvent<HTMLInputElement>) => {
    if (!keepOne) return;
    const box = e.currentTarget;
    const group = box.form?.querySelectorAll<HTMLInputElement>(
      `input[type=checkbox][name="${box.name}"]:checked`,
    );
    if (!box.checked && group && group.length === 0) e.preventDefault();
  };
  return (
    <Plain aria-describedby={meta.errorId} aria-invalid={meta.errors?.length ? true : undefined}>
      <Legend>{label}</Legend>
      <Choices>
        {items.map((p, i) => (
          <label key={p.value} htmlFor={p.id}>
            <input {...p} required={false} onClick={onClick} />
            {options[i].label}
          </label>
        ))}
      </Choices>
      <ErrorText id={meta.errorId} role={meta.errors?.length ? "alert" : undefined}>
        {meta.errors?.join(" ")}
      </ErrorText>
    </Plain>
  );
}

// ── Location ─────────────────────────────────────────────────────────────────────────────────

const Suggestions = styled.ul`
  list-style: none;
  margin: -0.75rem 0 1rem;
  padding: 0;
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  max-height: 14rem;
  overflow: auto;
  background: #fff;
  li button {
    display: block;
    width: 100%;
    text-align: left;
    background: none;
    border: 0;
    padding: 0.45rem 0.6rem;
    font: inherit;
    cursor: pointer;
  }
  li button:hover,
  li button:focus {
    background: ${theme.colour.brandSoft};
  }
`;

function setFormValue(
  form: HTMLFormElement | null | undefined,
  name: string,
  value: string | number | undefined,
) {
  if (!form || value === undefined || value === null) return;
  const el = form.elements.namedItem(name) as unknown as HTMLInputElement | null;
  if (el && "value" in el) {
    el.value = String(value);
    el.dispatchEvent(new Event("input", { bubbles: true }));
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/** Debounced autocomplete through the builder's lookup route (JavaScript only). */
function useLookup<T>(kind: string, region: string | undefined, delay: number, min: number) {
  const fetcher = useFetcher<{ results: T[] }>();
  const [q, setQ] = useState("");
  const load = fetcher.load;
  useEffect(() => {
    if (q.trim().length <= min - 1) return;
    const t = setTimeout(
      () =>
        load(
          `/forecasts/builder/lookup?kind=${kind}&region=${region ?? ""}&q=${encodeURIComponent(q.trim())}`,
        ),
      delay,
    );
    return () => clearTimeout(t);
  }, [q, kind, region, delay, min, load]);
  const results = q.trim().length >= min ? (fetcher.data?.results ?? []) : [];
  return { q, setQ, results, clear: () => setQ("") };
}

interface PlaceResult {
  id: string;
  label: string;
  addressLine1?: string;
  city?: string;
  zipCode?: string;
  latitude?: number;
  longitude?: number;
  gspGroup?: string | null;
  tnuosGenerationZone?: string | null;
  ercotZone?: string | null;
  nemRegion?: string | null;
}

/** Location search: starts after more than 2 characters, 300 ms debounce, the region's countries (spec §5). */
export function LocationSearch({ region }: { region?: ForecastRegion }) {
  const ref = useRef<HTMLInputElement>(null);
  const { q, setQ, results, clear } = useLookup<PlaceResult>("places", region, 300, 3);
  const [picked, setPicked] = useState<string | null>(null);
  const pick = (p: PlaceResult) => {
    const form = ref.current?.form;
    // The place's address, zip code, coordinates and zones replace the old ones together (a field
    // the place has no value for is emptied, never left from the previous location).
    setFormValue(form, "addressLine1", p.addressLine1 ?? p.label);
    setFormValue(form, "city", p.city ?? "");
    setFormValue(form, "zipCode", p.zipCode ?? "");
    setFormValue(form, "latitude", p.latitude ?? "");
    setFormValue(form, "longitude", p.longitude ?? "");
    for (const k of ["gspGroup", "tnuosGenerationZone", "ercotZone", "nemRegion"] as const)
      setFormValue(form, k, p[k] ?? "");
    clear();
    setPicked(p.zipCode ? `${p.label} (${p.zipCode})` : p.label);
  };
  return (
    <div>
      <Field
        label="Search location"
        htmlFor="location-search"
        errorId="location-search-error"
        hint="Type more than 2 characters"
      >
        <input
          ref={ref}
          id="location-search"
          type="search"
          autoComplete="off"
          role="combobox"
          aria-expanded={results.length > 0}
          aria-controls="location-suggestions"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </Field>
      {picked ? (
        <p role="status" style={{ margin: "0 0 0.5rem" }}>
          Location set to <strong>{picked}</strong>
        </p>
      ) : null}
      {results.length ? (
        <Suggestions id="location-suggestions" role="listbox" aria-label="Locations">
          {results.map((p) => (
            <li key={p.id} role="option" aria-selected="false">
              <button type="button" onClick={() => pick(p)}>
                {p.label}
              </button>
            </li>
          ))}
        </Suggestions>
      ) : null}
    </div>
  );
}

/** On leaving the zip field (GB, GSP group still empty): look the zones up (spec §4). */
function useZipLookup(region?: ForecastRegion) {
  const fetcher = useFetcher<{
    results: { latitude?: number; longitude?: number; gspGroup?: string; tnuosGenerationZone?: string }[];
  }>();
  const formRef = useRef<HTMLFormElement | null>(null);
  useEffect(() => {
    const z = fetcher.data?.results?.[0];
    const form = formRef.current;
    if (!z || !form) return;
    const gsp = form.elements.namedItem("gspGroup") as HTMLSelectElement | null;
    if (gsp && !gsp.value) setFormValue(form, "gspGroup", z.gspGroup);
    const tnuos = form.elements.namedItem("tnuosGenerationZone") as HTMLSelectElement | null;
    if (tnuos && !tnuos.value) setFormValue(form, "tnuosGenerationZone", z.tnuosGenerationZone);
    const lat = form.elements.namedItem("latitude") as HTMLInputElement | null;
    if (lat && !lat.value) setFormValue(form, "latitude", z.latitude);
    const lon = form.elements.namedItem("longitude") as HTMLInputElement | null;
    if (lon && !lon.value) setFormValue(form, "longitude", z.longitude);
  }, [fetcher.data]);
  return (e: React.FocusEvent<HTMLInputElement>) => {
    if (region !== "GB") return;
    const form = e.currentTarget.form;
    formRef.current = form;
    const gsp = form?.elements.namedItem("gspGroup") as HTMLSelectElement | null;
    const zip = e.currentTarget.value.trim();
    if (zip && gsp && !gsp.value)
      fetcher.load(`/forecasts/builder/lookup?kind=zip&region=GB&q=${encodeURIComponent(zip)}`);
  };
}

export interface NodeResult {
  id: string;
  name: string;
  zone?: string;
  lat?: number;
  lon?: number;
  voltage?: number | string;
}

const NodeList = styled.div`
  max-height: 14rem;
  overflow: auto;
  border: 1px solid ${theme.colour.line};
  border-radius: ${theme.radius};
  padding: 0.4rem 0.6rem;
  margin-bottom: 0.75rem;
  label {
    display: flex;
    gap: 0.4rem;
    font-weight: 400;
    padding: 0.15rem 0;
  }
`;

function nodeLabel(n: NodeResult, coords: boolean) {
  const parts = [n.name, n.zone ? `${n.zone} zone` : undefined, n.voltage ? `${n.voltage} kV` : undefined];
  if (coords && n.lat !== undefined && n.lon !== undefined)
    parts.push(`${n.lat.toFixed(3)}, ${n.lon.toFixed(3)}`);
  return parts.filter(Boolean).join(" · ");
}

/**
 * ERCOT node picker. Without JavaScript: a 'Find nodes' button posts the form (values kept) and the
 * answer lists matching nodes as radio buttons. With JavaScript: an autocomplete.
 */
function NodePicker({ ctx, nodes }: { ctx: FieldsContext; nodes?: NodeResult[] }) {
  const hydrated = useHydrated();
  const coords = !!ctx.flags.forecast_display_ercot_nodes_coordinates;
  const { q, setQ, results, clear } = useLookup<NodeResult>("nodes", "ERCOT", 300, 1);
  const [picked, setPicked] = useState<NodeResult | null>(null);
  const currentName = picked?.name ?? str(ctx.state, "nodeName");
  const currentId = picked?.id ?? str(ctx.state, "nodeId");
  const ref = useRef<HTMLInputElement>(null);
  const pick = (n: NodeResult) => {
    setPicked(n);
    const form = ref.current?.form;
    if (n.zone) setFormValue(form, "ercotZone", n.zone);
    clear();
  };
  return (
    <Plain>
      <Legend>Node</Legend>
      <p style={{ margin: "0 0 0.5rem" }} aria-live="polite">
        {currentName ? (
          <>
            Selected node: <strong>{currentName}</strong>
          </>
        ) : (
          "No node selected"
        )}
      </p>
      <input type="hidden" name="nodeId" value={currentId} />
      <input type="hidden" name="nodeLabel" value={currentName} />
      <Field label="Search nodes" htmlFor="node-search" errorId="node-search-error">
        <input
          ref={ref}
          id="node-search"
          name="nodeSearch"
          type="search"
          autoComplete="off"
          value={q}
          onChange={(e) => setQ(e.target.value)}
        />
      </Field>
      {hydrated ? (
        results.length ? (
          <Suggestions role="listbox" aria-label="Nodes">
            {results.map((n) => (
              <li key={n.id} role="option" aria-selected={n.id === currentId}>
                <button type="button" onClick={() => pick(n)}>
                  {nodeLabel(n, coords)}
                </button>
              </li>
            ))}
          </Suggestions>
        ) : null
      ) : (
        <>
          <Button
            type="submit"
            name="intent"
            value="find-node"
            $variant="secondary"
            style={{ marginBottom: "0.75rem" }}
          >
            Find nodes
          </Button>
          {nodes?.length ? (
            <NodeList role="radiogroup" aria-label="Matching nodes">
              {nodes.map((n) => (
                <label key={n.id}>
                  <input
                    type="radio"
                    name="nodePick"
                    value={JSON.stringify({ id: n.id, name: n.name, zone: n.zone })}
                  />
                  {nodeLabel(n, coords)}
                </label>
              ))}
            </NodeList>
          ) : nodes ? (
            <p>No nodes match.</p>
          ) : null}
        </>
      )}
    </Plain>
  );
}

export function LocationFields({ ctx, nodes }: { ctx: FieldsContext; nodes?: NodeResult[] }) {
  const { fields, region } = ctx;
  const hydrated = useHydrated();
  const onZipBlur = useZipLookup(region);
  return (
    <Group>
      <legend>Location</legend>
      {hydrated ? <LocationSearch region={region} /> : null}
      <TextField meta={fields.addressLine1} label="Address line 1" />
      <TextField meta={fields.addressLine2} label="Address line 2" />
      <Row>
        <TextField meta={fields.city} label="City" />
        <TextField
          meta={fields.zipCode}
          label={region === "GB" ? "Postcode" : "Zip code"}
          onBlur={onZipBlur}
        />
      </Row>
      <Row>
        <TextField meta={fields.latitude} label="Latitude" numeric={{ negative: true }} />
        <TextField meta={fields.longitude} label="Longitude" numeric={{ negative: true }} />
      </Row>
      {region === "GB" ? (
        <SelectField
          meta={fields.gspGroup}
          label="GSP group"
          options={GSP_GROUPS.map((g) => ({ value: g.id, label: `${g.name} (${g.id})` }))}
          hint="Found from the postcode when left empty"
        />
      ) : null}
      {region === "ERCOT" ? (
        <>
          <SelectField
            meta={fields.ercotZone}
            label="ERCOT zone"
            options={ERCOT_ZONES.map((z) => ({ value: z, label: z }))}
          />
          <NodePicker ctx={ctx} nodes={nodes} />
        </>
      ) : null}
      {region === "NEM" ? (
        <SelectField
          meta={fields.nemRegion}
          label="NEM region"
          options={NEM_REGIONS.map((z) => ({ value: z, label: z }))}
        />
      ) : null}
    </Group>
  );
}

// ── Battery ──────────────────────────────────────────────────────────────────────────────────

/** The options of a choice whose last is "Other" (a value of one's own, in the `o_` field). */
const orOther = (...first: { value: string; label: string }[]) => [
  ...first,
  { value: "other", label: "Other" },
];

/** A yes/no choice, posted as "true" / "false", each with its own words. */
const yesNo = (yes: string, no: string) => [
  { value: "true", label: yes },
  { value: "false", label: no },
];

/** A choice with "Other", whose own value (`o_<field>`) is asked for while "Other" is chosen. */
function ChoiceOrOther({
  fields,
  field,
  label,
  options,
  other,
}: {
  fields: FieldsMap;
  field: string;
  label: string;
  options: { value: string; label: string }[];
  other: { label: string; unit: string; hint: string };
}) {
  return (
    <>
      <ChoiceField meta={fields[field]} label={label} options={options} />
      <When field={field} is="other">
        <TextField
          meta={fields[`o_${field}`]}
          label={other.label}
          unit={other.unit}
          numeric
          hint={other.hint}
        />
      </When>
    </>
  );
}

const StartDateField = ({ fields }: { fields: FieldsMap }) => (
  <TextField meta={fields.startDate} label="Start date" type="date" hint="From 01 Jan 2025" />
);

const SolarRatedPowerField = ({ fields }: { fields: FieldsMap }) => (
  <TextField meta={fields.solarRatedPower} label="Solar rated power" unit="MW" numeric hint="1 – 1000 MW" />
);

export function BatteryFields({
  ctx,
  degradationUpload,
}: {
  ctx: FieldsContext;
  degradationUpload?: ReactNode;
}) {
  const { fields, flags, region } = ctx;
  const maxDuration = flags.forecast_update_duration_validation
    ? LIMITS.durationWithFlag[1]
    : LIMITS.duration[1];
  return (
    <>
      <Group>
        <legend>Battery</legend>
        <Row>
          <TextField meta={fields.ratedPower} label="Rated power" unit="MW" numeric hint="1 – 500 MW" />
          <TextField
            meta={fields.duration}
            label="Duration"
            unit="hours"
            numeric
            hint={`0.5 – ${maxDuration} h`}
          />
        </Row>
        <Row>
          <TextField meta={fields.maxCycles} label="Max cycles per day" numeric hint="1 – 5" />
          <StartDateField fields={fields} />
        </Row>
        <ChoiceOrOther
          fields={fields}
          field="efficiency"
          label="Round-trip efficiency"
          options={orOther({ value: "88", label: "88%" })}
          other={{ label: "Efficiency", unit: "%", hint: "10 – 100%" }}
        />
      </Group>
      <Group>
        <legend>Degradation</legend>
        <ChoiceField meta={fields.degradation} label="Degradation" options={degradationsFor(region)} />
        <When field="degradation" is="custom_degradation_curve">
          {degradationUpload}
        </When>
        <When field="degradation" is={["standard_degradation_curve", "custom_degradation_curve"]}>
          <Plain>
            <Legend>Re-powering</Legend>
            <label style={{ display: "inline-flex", gap: "0.4rem", fontWeight: 400 }}>
              <input
                type="checkbox"
                checked
                readOnly
                aria-readonly="true"
                disabled
                aria-describedby="repowering-note"
              />{" "}
              Re-power the battery
            </label>
            <p
              id="repowering-note"
              style={{ margin: "0.2rem 0 0.5rem", color: theme.colour.muted, fontSize: "0.9rem" }}
            >
              With a degradation curve the battery is re-powered after the number of cycles below.
            </p>
          </Plain>
          <TextField
            meta={fields.repowering}
            label="Re-powering after"
            unit="cycles"
            numeric
            hint="Standard: up to 12 000; custom: up to 50 000"
          />
        </When>
      </Group>
    </>
  );
}

// ── Grid connection ──────────────────────────────────────────────────────────────────────────

const SAME_OR_OTHER = orOther({ value: "same", label: "Same as rated power of battery" });
const LIMIT = { unit: "MW", hint: "1 – 1000 MW" };

export function GridFields({ ctx, solarOnly }: { ctx: FieldsContext; solarOnly?: boolean }) {
  const { fields, configuration, region } = ctx;
  const battery = hasBattery(configuration) && !solarOnly;
  return (
    <Group>
      <legend>Grid connection</legend>
      <ChoiceField meta={fields.connectionType} label="Connection type" options={CONNECTION_TYPES} />
      {battery ? (
        <ChoiceOrOther
          fields={fields}
          field="maxImport"
          label="Import limit"
          options={SAME_OR_OTHER}
          other={{ label: "Import limit", ...LIMIT }}
        />
      ) : null}
      <ChoiceOrOther
        fields={fields}
        field="maxExport"
        label="Export limit"
        options={battery ? SAME_OR_OTHER : orOther({ value: "same", label: "Same as rated power" })}
        other={{ label: "Export limit", ...LIMIT }}
      />
      {battery && !isCoupled(configuration) ? (
        <>
          <ChoiceField
            meta={fields.coLocation}
            label="Co-location"
            options={yesNo("My battery is colocated with solar PV", "My battery is not colocated")}
          />
          <When field="coLocation" is="true">
            <ChoiceField
              meta={fields.coupling}
              label="Coupling"
              options={yesNo("AC coupling", "DC coupling")}
            />
            <SolarRatedPowerField fields={fields} />
          </When>
        </>
      ) : null}
      {battery && isCoupled(configuration) ? (
        <>
          <input
            type="hidden"
            name="coupling"
            value={configuration === "solarACcoupling" ? "true" : "false"}
          />
          <SolarRatedPowerField fields={fields} />
        </>
      ) : null}
      {region === "GB" ? (
        <SelectField
          meta={fields.tnuosGenerationZone}
          label="TNUoS generation zone"
          options={TNUOS_GENERATION_ZONES.map((z) => ({ value: z, label: `Zone ${z}` }))}
          hint="Required for transmission connections, and for distribution at 100 MW or more"
        />
      ) : null}
    </Group>
  );
}

const TIME_PAIRS = [
  ["redBandStartTime", "redBandEndTime", "Red band"],
  ["amberBandMorningStartTime", "amberBandMorningEndTime", "Amber band (morning)"],
  ["amberBandEveningStartTime", "amberBandEveningEndTime", "Amber band (evening)"],
  ["amberBandWeekendStartTime", "amberBandWeekendEndTime", "Amber band (weekend)"],
] as const;

export function TariffFields({ ctx }: { ctx: FieldsContext }) {
  const { fields } = ctx;
  return (
    <>
      <ChoiceField
        meta={fields.duos}
        label="DUoS tariffs"
        options={yesNo("Apply DUoS tariffs", "No DUoS tariffs")}
      />
      <When field="duos" is="true">
        <Row>
          <TextField meta={fields.redBandImportPrice} label="Red band import" unit="p/kWh" numeric />
          <TextField meta={fields.redBandExportPrice} label="Red band export" unit="p/kWh" numeric />
          <TextField meta={fields.amberBandImportPrice} label="Amber band import" unit="p/kWh" numeric />
          <TextField meta={fields.amberBandExportPrice} label="Amber band export" unit="p/kWh" numeric />
          <TextField meta={fields.greenBandImportPrice} label="Green band import" unit="p/kWh" numeric />
          <TextField meta={fields.greenBandExportPrice} label="Green band export" unit="p/kWh" numeric />
        </Row>
        {TIME_PAIRS.map(([a, b, label]) => (
          <Row key={a}>
            <TextField meta={fields[a]} label={`${label} start`} type="time" />
            <TextField meta={fields[b]} label={`${label} end`} type="time" />
          </Row>
        ))}
        <Row>
          <TextField meta={fields.fixedDailyCharges} label="Fixed daily charges" unit="p/MPAN/day" numeric />
          <TextField
            meta={fields.dailyFixedCapacityCharges}
            label="Daily fixed capacity charges"
            unit="p/kVA/day"
            numeric
          />
        </Row>
      </When>
    </>
  );
}

export function SolarFields({ ctx, profileUpload }: { ctx: FieldsContext; profileUpload?: ReactNode }) {
  const { fields } = ctx;
  return (
    <Group>
      <legend>Solar</legend>
      <SolarRatedPowerField fields={fields} />
      <StartDateField fields={fields} />
      {profileUpload}
    </Group>
  );
}

export function WindFields({ ctx }: { ctx: FieldsContext }) {
  const { fields } = ctx;
  return (
    <Group>
      <legend>Wind</legend>
      <TextField meta={fields.windRatedPower} label="Wind rated power" unit="MW" numeric hint="1 – 1000 MW" />
      <StartDateField fields={fields} />
    </Group>
  );
}

export function HorizonField({ ctx }: { ctx: FieldsContext }) {
  return (
    <TextField
      meta={ctx.fields.horizonYears}
      label="Years modelled"
      numeric
      hint={`1 – 30 years; ${LIMITS.defaultHorizonYears} when empty`}
    />
  );
}

// ── Strategy, world view, output names ───────────────────────────────────────────────────────

export function StrategyFields({ ctx }: { ctx: FieldsContext }) {
  if (!ctx.region) return null;
  return (
    <>
      <ChoiceField
        meta={ctx.fields.revenueStrategies}
        label="Revenue strategy"
        type="checkbox"
        keepOne
        options={revenueStrategiesFor(ctx.region, ctx.configuration)}
      />
      <ChoiceField meta={ctx.fields.foresight} label="Foresight" options={FORESIGHTS} />
    </>
  );
}

export function ScenarioFields({ ctx, scenarios }: { ctx: FieldsContext; scenarios: Scenario[] }) {
  if (!scenarios.length) return <p>No world views are available for this region yet.</p>;
  return (
    <ChoiceField
      meta={ctx.fields.macroScenarios}
      label="World view"
      type="checkbox"
      keepOne
      options={scenarios.map((s) => ({
        value: s.id,
        label: s.modelVersion ? `${s.name} (${s.modelVersion})` : s.name,
      }))}
    />
  );
}

/** One output name per scenario; shown for the checked scenarios (live, with :has()). */
export function OutputNameFields({
  ctx,
  scenarios,
  onlySelected,
}: {
  ctx: FieldsContext;
  scenarios: Scenario[];
  onlySelected?: boolean;
}) {
  const runNames = (ctx.fields.runName as unknown as { getFieldset: () => FieldsMap }).getFieldset();
  const given = names(ctx.state);
  const selected = list(ctx.state, "macroScenarios");
  const duration = Number(str(ctx.state, "duration")) || undefined;
  const maxCycles = Number(str(ctx.state, "maxCycles")) || undefined;
  const shown = onlySelected ? scenarios.filter((s) => selected.includes(s.id)) : scenarios;
  return (
    <Group>
      <legend>Output file names</legend>
      {shown.map((s) => {
        const meta = runNames[s.id];
        const suggestion = defaultRunName(
          { assetName: str(ctx.state, "assetName"), duration, maxCycles },
          s.name,
        );
        const input = (
          <Field
            key={s.id}
            label={`Output name for ${s.name}`}
            htmlFor={meta.id}
            errorId={meta.errorId}
            errors={meta.errors}
          >
            <input
              {...getInputProps(meta, { type: "text" })}
              required={false}
              defaultValue={(meta.initialValue as string | undefined) ?? given[s.id] ?? suggestion}
            />
          </Field>
        );
        return onlySelected ? (
          input
        ) : (
          <When key={s.id} field="macroScenarios" is={s.id}>
            {input}
          </When>
        );
      })}
    </Group>
  );
}

/** An upload control inside the (multipart) form: .csv only, 2 MB (spec §5). */
/** An upload of the forecast: the file kept so far rides along hidden until a new file replaces it. */
export function KeptUpload({
  kind,
  state,
  errors,
}: {
  kind: (typeof UPLOADS)[number]["kind"];
  state: FormState;
  errors?: string[];
}) {
  const u = UPLOADS.find((x) => x.kind === kind)!;
  return (
    <>
      <input type="hidden" name={u.idField} value={str(state, u.idField)} />
      <input type="hidden" name={u.nameField} value={str(state, u.nameField)} />
      <UploadField
        name={u.input}
        label={u.label}
        current={str(state, u.nameField) || undefined}
        errors={errors}
      />
    </>
  );
}

export function UploadField({
  name,
  label,
  current,
  errors,
  accept = ".csv,text/csv",
}: {
  name: string;
  label: string;
  current?: string;
  errors?: string[];
  accept?: string;
}) {
  const id = `${name}-file`;
  return (
    <Field
      label={label}
      htmlFor={id}
      errorId={`${id}-error`}
      errors={errors}
      hint={current ? `Uploaded: ${current}. Choose another file to replace it.` : ".csv, up to 2 MB"}
    >
      <input
        id={id}
        name={name}
        type="file"
        accept={accept}
        aria-invalid={errors?.length ? true : undefined}
        aria-describedby={`${id}-error`}
      />
    </Field>
  );
}
