// A section's folders (its regions) with what each holds, or what to do when there are none.
import { Link } from "@remix-run/react";
import { countText, type LibrarySection } from "../librarySections.ts";
import { FolderIcon } from "../LibraryIcons.tsx";
import { Card, Muted } from "../ui.tsx";
import { LibraryTable } from "./LibraryTable.tsx";
import type { Folder } from "./types.ts";

export function FolderList({
  section,
  folders,
  loggedIn,
}: {
  section: LibrarySection;
  folders: Folder[];
  loggedIn: boolean;
}) {
  if (!folders.length) {
    const mine = section.kind === "runs" && section.custom;
    return (
      <Card>
        <Muted>
          {mine
            ? loggedIn
              ? "You have no forecasts yet. Build one in the forecast builder."
              : "Log in to see the forecasts you built."
            : `Nothing in ${section.label} yet.`}
        </Muted>
        {mine ? (
          <Link to={loggedIn ? "/forecasts/builder" : "/login?redirectTo=/library/my-forecasts"}>
            {loggedIn ? "Open the forecast builder" : "Log in"}
          </Link>
        ) : null}
      </Card>
    );
  }
  return (
    <LibraryTable>
      <caption className="sr-only" style={{ position: "absolute", left: -9999 }}>
        {section.label} folders
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Contents</th>
        </tr>
      </thead>
      <tbody>
        {folders.map((f) => (
          <tr key={f.id}>
            <td>
              <FolderIcon />
              <Link to={`/library/${section.id}/${f.id}`}>{f.label}</Link>
            </td>
            <td>{countText(f.count, section.countLabel)}</td>
          </tr>
        ))}
      </tbody>
    </LibraryTable>
  );
}
