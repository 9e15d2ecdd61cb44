// The company admin's page (decision 0007): members, invitations, the e-mail domain whose confirmed
// addresses join, and the members' upgrade requests to approve or decline (spec §6: "the company
// admin must review"). An approved request is granted once Voltcast confirms it (`npm run admin`).
import express, { type Request } from "express";
import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import { companies, companyInvitations, upgradeRequests, users } from "../db/schema/index.ts";
import { z } from "../zod.ts";
import { EmailDomainSchema, InvitationSchema } from "../../app/validation/account.ts";
import { describe } from "../openapi.ts";
import { parse, route } from "../http/route.ts";
import { requireAccountUser, type ApiContext } from "../http/context.ts";
import { badRequest, conflict, forbidden, notFound } from "../http/errors.ts";
import { emailDomainRefusal, joinByEmailDomain, openInvitation } from "../auth/companies.ts";
import { findUserById } from "../auth/users.ts";
import { mailer } from "../auth/mail.ts";
import { SUBSCRIPTIONS } from "../access/catalog.ts";
import { uuidParam } from "./account.ts";

const Id = z.object({ id: z.string() });
const Detail = z.object({ detail: z.string() });
const MyCompany = z.object({
  company: z.object({ id: z.string(), name: z.string(), emailDomain: z.string().nullable() }),
  role: z.enum(["admin", "member"]),
  members: z.array(
    z.object({ id: z.string(), email: z.string(), fullName: z.string(), role: z.enum(["admin", "member"]) }),
  ),
  invitations: z.array(z.object({ id: z.string(), email: z.string(), createdAt: z.string() })),
  requests: z.array(
    z.object({
      id: z.string(),
      email: z.string(),
      fullName: z.string(),
      subscription: z.string(),
      subscriptionName: z.string(),
      status: z.enum(["pending", "approved", "granted", "declined"]),
      createdAt: z.string(),
    }),
  ),
});

describe({
  method: "get",
  path: "/companies/mine",
  tag: "Company",
  summary: "The caller's company; for its admin also members, open invitations and upgrade requests",
  response: MyCompany,
  description: "404 when the caller belongs to no company.",
  errors: [403, 404],
});
describe({
  method: "post",
  path: "/companies/mine/invitations",
  tag: "Company",
  summary: "Invite an e-mail address to join the company (admin)",
  body: InvitationSchema,
  response: Detail,
  status: 201,
  errors: [403, 404, 409],
});
describe({
  method: "delete",
  path: "/companies/mine/invitations/:id",
  tag: "Company",
  summary: "Withdraw an invitation (admin)",
  params: Id,
  response: "empty",
  status: 204,
  errors: [403],
});
describe({
  method: "delete",
  path: "/companies/mine/members/:id",
  tag: "Company",
  summary: "Remove a member from the company (admin)",
  params: Id,
  response: "empty",
  status: 204,
  errors: [403],
});
describe({
  method: "put",
  path: "/companies/mine/email-domain",
  tag: "Company",
  summary: "Set (or clear) the domain whose confirmed addresses join as members: the admin's own (admin)",
  body: EmailDomainSchema,
  response: Detail,
  errors: [403, 404, 409],
});
describe({
  method: "post",
  path: "/companies/mine/upgrade-requests/:id/approve",
  tag: "Company",
  summary: "Approve a member's upgrade request; Voltcast then confirms and grants it (admin)",
  params: Id,
  response: Detail,
  errors: [403],
});
describe({
  method: "post",
  path: "/companies/mine/upgrade-requests/:id/decline",
  tag: "Company",
  summary: "Decline a member's upgrade request (admin)",
  params: Id,
  response: Detail,
  errors: [403],
});

async function membership(ctx: ApiContext, req: Request) {
  const userId = requireAccountUser(req);
  const [u] = await ctx.db
    .select({ companyId: users.companyId, role: users.companyRole, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  if (!u?.companyId || !u.role) throw notFound("You are not a member of a company.");
  return { userId, companyId: u.companyId, role: u.role, email: u.email };
}

async function requireCompanyAdmin(ctx: ApiContext, req: Request) {
  const m = await membership(ctx, req);
  if (m.role !== "admin") throw forbidden("Only your company's admin can do this.");
  return m;
}

export function companiesRouter(ctx: ApiContext) {
  const r = express.Router();

  r.get(
    "/companies/mine",
    route(async (req, res) => {
      const m = await membership(ctx, req);
      const [company] = await ctx.db
        .select({ id: companies.id, name: companies.name, emailDomain: companies.emailDomain })
        .from(companies)
        .where(eq(companies.id, m.companyId));
      const admin = m.role === "admin";
      const i = companyInvitations;
      const q = upgradeRequests;
      const [members, invitations, requests] = admin
        ? await Promise.all([
            ctx.db
              .select({ id: users.id, email: users.email, fullName: users.fullName, role: users.companyRole })
              .from(users)
              .where(eq(users.companyId, m.companyId))
              .orderBy(asc(users.companyRole), asc(users.email)),
            ctx.db
              .select({ id: i.id, email: i.email, createdAt: i.createdAt })
              .from(i)
              .where(and(eq(i.companyId, m.companyId), openInvitation()))
              .orderBy(desc(i.createdAt)),
            ctx.db
              .select({
                id: q.id,
                email: users.email,
                fullName: users.fullName,
                subscription: q.subscriptionKey,
                status: q.status,
                createdAt: q.createdAt,
              })
              .from(q)
              .innerJoin(users, eq(users.id, q.userId))
              .where(and(eq(q.companyId, m.companyId), eq(users.companyId, m.companyId)))
              .orderBy(desc(sql`${q.status} = 'pending'`), desc(q.createdAt))
              .limit(200),
          ])
        : [[], [], []];
      res.json({
        company,
        role: m.role,
        members,
        invitations,
        requests: requests.map((r) => ({
          ...r,
          subscriptionName: SUBSCRIPTIONS.find((s) => s.key === r.subscription)?.name ?? r.subscription,
        })),
      });
    }),
  );

  r.post(
    "/companies/mine/invitations",
    route(async (req, res) => {
      const m = await requireCompanyAdmin(ctx, req);
      const { email } = parse(InvitationSchema, req.body);
      const already = await ctx.db.$count(
        users,
        and(eq(users.email, email), eq(users.companyId, m.companyId)),
      );
      if (already) throw conflict({ email: ["This person is already a member."] });
      await ctx.db
        .insert(companyInvitations)
        .values({ companyId: m.companyId, email, invitedBy: m.userId })
        .onConflictDoUpdate({
          target: [companyInvitations.companyId, companyInvitations.email],
          targetWhere: sql`accepted_at is null and declined_at is null and revoked_at is null`,
          set: { expiresAt: sql`now() + interval '30 days'` },
        });
      const admin = await findUserById(ctx.db, m.userId);
      mailer.send({
        to: email,
        subject: `${admin?.fullName} invites you to ${admin?.company?.name} on Voltcast`,
        text: `Log in (or sign up) with this address at ${req.identity.webOrigin ?? ""}/profile to accept.`,
      });
      res.status(201).json({ detail: `${email} has been invited.` });
    }),
  );

  r.delete(
    "/companies/mine/invitations/:id",
    route(async (req, res) => {
      const m = await requireCompanyAdmin(ctx, req);
      const id = uuidParam(req.params.id, "invitation");
      const { rowCount } = await ctx.db
        .update(companyInvitations)
        .set({ revokedAt: sql`now()` })
        .where(
          and(
            eq(companyInvitations.id, id),
            eq(companyInvitations.companyId, m.companyId),
            openInvitation(true),
          ),
        );
      if (!rowCount) throw notFound("No such invitation.");
      res.status(204).end();
    }),
  );

  r.delete(
    "/companies/mine/members/:id",
    route(async (req, res) => {
      const m = await requireCompanyAdmin(ctx, req);
      const id = uuidParam(req.params.id, "member");
      if (id === m.userId) throw badRequest({ id: ["You cannot remove yourself."] });
      const { rowCount } = await ctx.db
        .update(users)
        .set({ companyId: null, companyRole: null })
        .where(and(eq(users.id, id), eq(users.companyId, m.companyId)));
      if (!rowCount) throw notFound("No such member.");
      res.status(204).end();
    }),
  );

  r.put(
    "/companies/mine/email-domain",
    route(async (req, res) => {
      const m = await requireCompanyAdmin(ctx, req);
      const { emailDomain } = parse(EmailDomainSchema, req.body);
      if (emailDomain) {
        const refusal = emailDomainRefusal(m.email, emailDomain);
        if (refusal) throw badRequest({ emailDomain: [refusal] });
        const taken = await ctx.db.$count(
          companies,
          and(eq(companies.emailDomain, emailDomain), ne(companies.id, m.companyId)),
        );
        if (taken) throw conflict({ emailDomain: ["Another company has set this domain."] });
      }
      await ctx.db
        .update(companies)
        .set({ emailDomain: emailDomain ?? null })
        .where(eq(companies.id, m.companyId));
      if (emailDomain) {
        // Confirmed addresses at the domain that belong to no company join now.
        const joining = await ctx.db
          .select({ id: users.id })
          .from(users)
          .where(
            and(
              isNull(users.companyId),
              isNotNull(users.emailVerifiedAt),
              eq(sql`split_part(${users.email}, '@', 2)`, emailDomain),
            ),
          );
        for (const u of joining) await joinByEmailDomain(ctx.db, u.id);
      }
      res.json({
        detail: emailDomain
          ? `People who confirm an address at ${emailDomain} now join your company.`
          : "No domain joins your company automatically now.",
      });
    }),
  );

  r.post(
    "/companies/mine/upgrade-requests/:id/:decision(approve|decline)",
    route(async (req, res) => {
      const m = await requireCompanyAdmin(ctx, req);
      const id = uuidParam(req.params.id, "upgrade request");
      const approve = req.params.decision === "approve";
      const q = upgradeRequests;
      const { rowCount } = await ctx.db
        .update(q)
        .set({
          status: approve ? "approved" : "declined",
          reviewedBy: m.userId,
          reviewedAt: sql`now()`,
          decidedAt: approve ? null : sql`now()`,
        })
        .from(users)
        .where(
          and(
            eq(q.id, id),
            eq(q.companyId, m.companyId),
            eq(q.status, "pending"),
            eq(users.id, q.userId),
            eq(users.companyId, m.companyId),
          ),
        );
      if (!rowCount) throw notFound("No such pending upgrade request.");
      res.json({
        detail: approve
          ? "Approved: Voltcast will confirm the subscription shortly."
          : "The request was declined.",
      });
    }),
  );

  return r;
}
