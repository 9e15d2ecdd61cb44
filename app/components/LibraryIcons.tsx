// Small inline icons (no emoji font needed): a padlock for locked items, a folder for folder rows.
export function Padlock() {
  return (
    <svg
      width="12"
      height="12"
      viewBox="0 0 16 16"
      aria-hidden="true"
      style={{ verticalAlign: "-1px", marginRight: "0.25rem" }}
    >
      <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
      <path d="M5 7V5a3 3 0 0 1 6 0v2" stroke="currentColor" strokeWidth="1.8" fill="none" />
    </svg>
  );
}

export function FolderIcon() {
  return (
    <svg
      width="16"
      height="14"
      viewBox="0 0 16 14"
      aria-hidden="true"
      style={{ verticalAlign: "-2px", marginRight: "0.4rem" }}
    >
      <path
        d="M1 2.5A1.5 1.5 0 0 1 2.5 1h3.6l1.6 1.8h5.8A1.5 1.5 0 0 1 15 4.3v7.2a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 11.5z"
        fill="#e0a526"
      />
    </svg>
  );
}
