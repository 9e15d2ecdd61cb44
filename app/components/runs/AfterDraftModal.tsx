// After a draft is created (spec §2 "Modals", flag forecast_new_view_on_portfolio): a modal offering
// 'Go to revenues library' or 'Stay in portfolio'. Shown by pages given ?draftSaved=<id>; a plain
// <dialog open> with links, so it works without JavaScript.
import { useSearchParams } from "@remix-run/react";
import { Modal } from "./Modal.tsx";
import { ButtonLink } from "../ui.tsx";

export const REVENUES_LIBRARY_HREF = "/library/my-forecasts";

export function AfterDraftModal({ portfolio }: { portfolio: boolean }) {
  const [params] = useSearchParams();
  const rest = new URLSearchParams(params);
  rest.delete("draftSaved");
  const stay = portfolio ? "/portfolio/history" : `?${rest}`;
  return (
    <Modal title="Your draft has been saved" closeHref={`?${rest}`}>
      <p>You can find it with your forecasts in the revenues library.</p>
      <div style={{ display: "flex", gap: "0.75rem", justifyContent: "flex-end" }}>
        <ButtonLink to={stay} $variant="secondary">
          Stay in portfolio
        </ButtonLink>
        <ButtonLink to={REVENUES_LIBRARY_HREF}>Go to revenues library</ButtonLink>
      </div>
    </Modal>
  );
}
