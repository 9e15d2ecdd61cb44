// What a run's money is (decision 0207): the basis in words beside the results, and the way to the
// methodology, so the run page says what the workbook says (issue 27 item 4).
import { Link } from "@remix-run/react";
import { Muted } from "~/components/ui";

export interface RunBasis {
  /** "real 2024 GBP", or null on runs made before the basis was recorded. */
  moneyBasis: string | null;
  /** The basis in one sentence, from the API (the wording of the workbook and price files). */
  note: string | null;
}

export function MoneyBasis({
  runId,
  basis,
  currency,
}: {
  runId: string;
  basis: RunBasis | null;
  currency: string;
}) {
  return (
    <p aria-label="Money basis">
      {basis?.moneyBasis ? (
        <>
          Money basis: <strong>{basis.moneyBasis}</strong>. {basis.note}{" "}
        </>
      ) : (
        <Muted as="span">
          Figures in {currency}; this run was made before its money basis was recorded.{" "}
        </Muted>
      )}
      <Link to={`/forecasts/runs/${runId}/methodology`}>How these revenues are computed (methodology)</Link>
    </p>
  );
}
