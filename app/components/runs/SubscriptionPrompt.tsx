// The subscription modal of spec §2: 'This run is for {subscription} subscribers' / 'You need to add
// this power-up to continue', with 'Get {subscription}' and Cancel. A signed-in user's Get posts an
// upgrade request ('Your upgrade request has been sent'); an anonymous visitor goes to pricing.
// Server-rendered open, so it is also the subscription "page" without JavaScript.
import { Form } from "@remix-run/react";
import { Button, ButtonLink, Notice } from "../ui.tsx";
import { Modal } from "./Modal.tsx";

export function SubscriptionPrompt({
  subscription,
  loggedIn,
  cancelHref,
  sent,
}: {
  subscription: { key: string; name: string };
  loggedIn: boolean;
  cancelHref: string;
  sent: boolean;
}) {
  return (
    <Modal title={`This run is for ${subscription.name} subscribers`} closeHref={cancelHref}>
      <p>You need to add this power-up to continue</p>
      {sent ? (
        <Notice role="status" $tone="success">
          Your upgrade request has been sent
        </Notice>
      ) : null}
      <div style={{ display: "flex", gap: "0.75rem", justifyContent: "flex-end" }}>
        <ButtonLink to={cancelHref} $variant="secondary">
          Cancel
        </ButtonLink>
        {loggedIn ? (
          <Form method="post">
            <input type="hidden" name="intent" value="upgrade" />
            <input type="hidden" name="subscription" value={subscription.key} />
            <Button type="submit" disabled={sent}>
              Get {subscription.name}
            </Button>
          </Form>
        ) : (
          <ButtonLink to="/pricing">Get {subscription.name}</ButtonLink>
        )}
      </div>
    </Modal>
  );
}
