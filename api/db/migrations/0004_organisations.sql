-- Organisations (decision 0007): a user joins a company only by its admin's invitation, or by a
-- confirmed e-mail address at the domain its admin set; never by typing its name at sign-up.
-- The company named at sign-up is kept as profile text only.
alter table users add column company_name text not null default '';
update users u set company_name = c.name from companies c where c.id = u.company_id;
-- Memberships so far came from typing a name, which proves nothing: they end here. The product
-- admin names each company's admin (`npm run admin -- create-company NAME --admin EMAIL`), who invites.
update users set company_id = null;
alter table users add column company_role text check (company_role in ('admin', 'member'));
alter table users add constraint users_company_role check ((company_id is null) = (company_role is null));

alter table companies add column email_domain text unique check (email_domain = lower(email_domain));

create table company_invitations (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references companies(id) on delete cascade,
  email text not null check (email = lower(email)),
  invited_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '30 days',
  accepted_at timestamptz,
  declined_at timestamptz,
  revoked_at timestamptz
);
create unique index company_invitations_open on company_invitations(company_id, email)
  where accepted_at is null and declined_at is null and revoked_at is null;
create index company_invitations_email on company_invitations(email);

-- Upgrade requests: pending (the company admin reviews; with no company, Voltcast does), approved
-- (by the company admin, waiting for Voltcast's confirmation), granted, declined.
alter table upgrade_requests drop constraint upgrade_requests_status_check;
update upgrade_requests set status = 'granted' where status = 'approved';
alter table upgrade_requests add constraint upgrade_requests_status_check
  check (status in ('pending', 'approved', 'granted', 'declined'));
alter table upgrade_requests add column company_id uuid references companies(id) on delete set null;
alter table upgrade_requests add column reviewed_by uuid references users(id) on delete set null;
alter table upgrade_requests add column reviewed_at timestamptz;
alter table upgrade_requests add column decided_at timestamptz;
drop index upgrade_requests_pending;
create unique index upgrade_requests_open on upgrade_requests(user_id, subscription_key)
  where status in ('pending', 'approved');
