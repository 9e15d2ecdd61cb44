// The builder's modals with the spec's texts (§2 "Modals", §8). Each is URL-addressable
// (`?modal=oops|logged-out|subscription|after-draft|unsaved`) or rendered from an action's answer,
// so they work as pages without JavaScript.
import { Form, useBlocker, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button, ButtonLink } from "../ui.tsx";
import { Modal, ModalText } from "./Modal.tsx";
import { OOPS_TEXT } from "../texts.ts";
import { inBuilder, Snackbar } from "./ui.tsx";

export const TEXTS = {
  oopsTitle: "Oops!",
  loggedOutTitle: "You’re logged out",
  loggedOutText: "You need to be logged in to save drafts or create a forecast",
  subscriptionTitle: (name: string) => `This run is for ${name} subscribers`,
  subscriptionText: "You need to add this power-up to continue",
  upgradeSent: "Your upgrade request has been sent",
  requiredTitle: "Complete the required fields",
  requiredText: "Complete all the required fields listed bellow to continue running the model.",
} as const;

export function OopsModal({
  text,
  apiText,
  closeHref,
}: {
  text: string;
  apiText: boolean;
  closeHref: string;
}) {
  return (
    <Modal
      id="oops-modal"
      title={TEXTS.oopsTitle}
      closeHref={closeHref}
      align={apiText ? "left" : "center"}
      footer={
        <ButtonLink to={closeHref} replace preventScrollReset>
          Close
        </ButtonLink>
      }
    >
      <ModalText $align={apiText ? "left" : "center"}>{text}</ModalText>
    </Modal>
  );
}

export function LoggedOutModal({ loginHref, backHref }: { loginHref: string; backHref: string }) {
  return (
    <Modal
      id="logged-out-modal"
      title={TEXTS.loggedOutTitle}
      closeHref={backHref}
      footer={
        <>
          <ButtonLink to={backHref} $variant="secondary" replace preventScrollReset>
            Back
          </ButtonLink>
          <ButtonLink to={loginHref}>Log in</ButtonLink>
        </>
      }
    >
      <ModalText>{TEXTS.loggedOutText}</ModalText>
    </Modal>
  );
}

export function SubscriptionModal({
  subscription,
  loggedIn,
  closeHref,
  pricingHref,
  hidden,
}: {
  subscription: { key: string; name: string };
  loggedIn: boolean;
  closeHref: string;
  pricingHref: string;
  /** Hidden fields the upgrade post carries (the builder state, so the page comes back as it was). */
  hidden?: ReactNode;
}) {
  return (
    <Modal
      id="subscription-modal"
      title={TEXTS.subscriptionTitle(subscription.name)}
      closeHref={closeHref}
      footer={
        <>
          <ButtonLink to={closeHref} $variant="secondary" replace preventScrollReset>
            Cancel
          </ButtonLink>
          {loggedIn ? (
            <Form method="post" preventScrollReset>
              {hidden}
              <input type="hidden" name="intent" value="upgrade" />
              <input type="hidden" name="subscription" value={subscription.key} />
              <Button type="submit">Get {subscription.name}</Button>
            </Form>
          ) : (
            <ButtonLink to={pricingHref}>Get {subscription.name}</ButtonLink>
          )}
        </>
      }
    >
      <ModalText>{TEXTS.subscriptionText}</ModalText>
    </Modal>
  );
}

export function AfterDraftModal({ libraryHref, stayHref }: { libraryHref: string; stayHref: string }) {
  return (
    <Modal
      id="after-draft-modal"
      title="Your draft has been saved"
      closeHref={stayHref}
      footer={
        <>
          <ButtonLink to={stayHref} $variant="secondary" replace preventScrollReset>
            Stay in portfolio
          </ButtonLink>
          <ButtonLink to={libraryHref}>Go to revenues library</ButtonLink>
        </>
      }
    >
      <ModalText>You can find it with your forecasts, and come back to it at any time.</ModalText>
    </Modal>
  );
}

/** Save / Don't save / Cancel (spec §4). `save` is the form that saves and then leaves. */
export function UnsavedChangesModal({
  save,
  leaveHref,
  cancelHref,
  onCancel,
  onLeave,
  onLeaveLink,
}: {
  save: ReactNode;
  leaveHref: string;
  cancelHref: string;
  onCancel?: () => void;
  onLeave?: () => void;
  /** Called as the "Don't save" link is followed (so that the page does not ask again). */
  onLeaveLink?: () => void;
}) {
  return (
    <Modal
      id="unsaved-modal"
      title="You have unsaved changes"
      closeHref={cancelHref}
      footer={
        <>
          {onCancel ? (
            <Button type="button" $variant="secondary" onClick={onCancel}>
              Cancel
            </Button>
          ) : (
            <ButtonLink to={cancelHref} $variant="secondary" replace preventScrollReset>
              Cancel
            </ButtonLink>
          )}
          {onLeave ? (
            <Button type="button" $variant="secondary" onClick={onLeave}>
              Don't save
            </Button>
          ) : (
            <ButtonLink to={leaveHref} $variant="secondary" onClick={onLeaveLink}>
              Don't save
            </ButtonLink>
          )}
          {save}
        </>
      }
    >
      <ModalText>Do you want to save your changes as a draft before you leave?</ModalText>
    </Modal>
  );
}

/**
 * Leaving a builder page with unsaved changes asks first; the redirects of a save or a run are not
 * leaving, nor is a move within the builder (or to its log-in). Closing the tab or reloading asks
 * the browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  const navigation = useNavigation();
  const posting = useRef(false);
  const leaving = useRef(false);
  posting.current = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    if (!dirty || posting.current || leaving.current) return false;
    if ((nextLocation.state as { _isRedirect?: boolean } | null)?._isRedirect) return false;
    return currentLocation.pathname !== nextLocation.pathname && !inBuilder(nextLocation.pathname);
  });
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener("beforeunload", onBeforeUnload);
    return () => window.removeEventListener("beforeunload", onBeforeUnload);
  }, [dirty]);
  const [leaveTo, setLeaveTo] = useState<string | null>(null);
  useEffect(() => {
    setLeaveTo(blocker.state === "blocked" ? blocker.location.pathname + blocker.location.search : null);
  }, [blocker]);
  return { blocker, leaveTo, leaving };
}

/** What a builder page's loader says of its modals and snackbar (the canvas's and the stepper's). */
export interface BuilderPageState {
  modal: string | null;
  notice: string | null;
  to: string | null;
  loggedIn: boolean;
  subscription: { key: string; name: string } | null;
  hrefs: { here: string; login: string; builder: string; runList: string };
}

/**
 * The modals and snackbar of a builder page: an action's 'Oops!', the URL's modals (logged out,
 * subscription, after a draft, unsaved changes) and the leave guard's question.
 */
export function BuilderPageModals({
  page,
  oops,
  guard,
}: {
  page: BuilderPageState;
  oops?: { kind: string; text: string; apiText: boolean } | null;
  guard: ReturnType<typeof useLeaveGuard>;
}) {
  const here = page.hrefs.here;
  const { blocker, leaveTo, leaving } = guard;
  const leaveHref = page.to ?? page.hrefs.builder;
  const notice =
    page.notice === "upgrade-sent"
      ? TEXTS.upgradeSent
      : page.notice === "draft-saved"
        ? "Your draft has been saved"
        : null;
  const saveAndLeave = (to: string) => (
    <Form method="post" action={here}>
      <input type="hidden" name="to" value={to} />
      <Button type="submit" name="intent" value="save-and-leave">
        Save
      </Button>
    </Form>
  );
  return (
    <>
      {oops?.kind === "oops" ? (
        <OopsModal text={oops.text} apiText={oops.apiText} closeHref={here} />
      ) : page.modal === "oops" ? (
        <OopsModal text={OOPS_TEXT} apiText={false} closeHref={here} />
      ) : null}
      {page.modal === "logged-out" ? <LoggedOutModal loginHref={page.hrefs.login} backHref={here} /> : null}
      {page.modal === "subscription" && page.subscription ? (
        <SubscriptionModal
          subscription={page.subscription}
          loggedIn={page.loggedIn}
          closeHref={here}
          pricingHref={`/pricing#${page.subscription.key}`}
        />
      ) : null}
      {page.modal === "after-draft" ? (
        <AfterDraftModal libraryHref={page.hrefs.runList} stayHref={here} />
      ) : null}
      {page.modal === "unsaved" ? (
        <UnsavedChangesModal
          save={saveAndLeave(leaveHref)}
          leaveHref={leaveHref}
          cancelHref={here}
          onLeaveLink={() => (leaving.current = true)}
        />
      ) : null}
      {leaveTo && blocker.state === "blocked" ? (
        <UnsavedChangesModal
          save={saveAndLeave(leaveTo)}
          leaveHref={leaveTo}
          cancelHref={here}
          onCancel={() => blocker.reset?.()}
          onLeave={() => blocker.proceed?.()}
        />
      ) : null}
      <Snackbar message={notice} />
    </>
  );
}
