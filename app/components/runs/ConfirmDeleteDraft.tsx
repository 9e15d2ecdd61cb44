// "Delete draft" asks first (issue 27 item 11): the row's link opens this dialog from the URL
// (`?deleteDraft=<id>`), server-rendered so that without JavaScript it is a confirmation page of its
// own; only its button posts the deletion.
import { Form, Link } from "@remix-run/react";
import { Button } from "~/components/ui";
import { Modal } from "./Modal.tsx";

export function ConfirmDeleteDraft({ id, name, closeHref }: { id: string; name: string; closeHref: string }) {
  return (
    <Modal title="Delete this draft?" closeHref={closeHref}>
      <p>The draft “{name}” will be deleted, with its inputs. This cannot be undone.</p>
      <Form method="post" action="?index" style={{ display: "flex", gap: "0.75rem", alignItems: "center" }}>
        <input type="hidden" name="intent" value="delete-draft" />
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="name" value={name} />
        <Button type="submit">Delete draft</Button>
        <Link to={closeHref} preventScrollReset>
          Cancel
        </Link>
      </Form>
    </Modal>
  );
}
