// A record of each databook / power-price download (who, what, when): the download body names the person.
import type pg from "pg";

export async function recordWorldViewDownload(
  pool: pg.Pool,
  d: {
    kind: "databook" | "power-prices";
    ids: string[];
    userId?: string;
    anonymousId?: string;
    email: string | null;
    fullName: string | null;
    companyName: string | null;
  },
): Promise<void> {
  await pool.query(
    `insert into world_view_downloads (kind, scenario_ids, user_id, anonymous_id, email, full_name, company_name)
     values ($1, $2, $3, $4, $5, $6, $7)`,
    [
      d.kind,
      d.ids,
      d.userId ?? null,
      d.userId ? null : (d.anonymousId ?? null),
      d.email,
      d.fullName,
      d.companyName,
    ],
  );
}
