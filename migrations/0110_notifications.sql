-- E-mail per store: which buyer messages it sends, whether the owner hears of each sale, and a reply-to address.
-- No row means the defaults: every message on, no reply-to.
create table email_settings (
  store_id uuid primary key references stores (id) on delete cascade,
  notify_new_sale boolean not null default true,
  -- Buyer message kinds the merchant switched off (all on by default, so new kinds start on).
  disabled_kinds text[] not null default '{}',
  reply_to text,
  updated_at timestamptz not null default now()
);

-- One row per (subject, kind): the unique key claimed before the SMTP call makes a retried job, a replayed postback or
-- a second worker send once; the rows are also the merchant's delivery log. subject_id names an order (or a reset
-- token, a recovery…); store_id is null for account messages (password reset).
create table email_deliveries (
  id uuid primary key default gen_random_uuid(),
  store_id uuid references stores (id) on delete cascade,
  subject_id text not null,
  kind text not null,
  recipient text not null,
  subject_line text not null default '',
  -- What the message is made of when the subject alone does not say it (a reset link, encrypted; another module's text).
  payload jsonb not null default '{}',
  state text not null default 'PENDING' check (state in ('PENDING', 'SENDING', 'RETRY', 'SENT', 'FAILED', 'SKIPPED')),
  attempts integer not null default 0,
  smtp_response text,
  error text,
  claimed_at timestamptz,
  next_attempt_at timestamptz,
  sent_at timestamptz,
  created_at timestamptz not null default now(),
  unique (subject_id, kind)
);
create index email_deliveries_store_created_idx on email_deliveries (store_id, created_at desc);
create index email_deliveries_due_idx on email_deliveries (next_attempt_at) where state in ('RETRY', 'SENDING', 'PENDING');

-- Without SMTP_URL every message is kept here and an administrator reads it (/admin/emails): nothing is lost in the
-- embedded default. Attachments (the PIX QR code) as base64 JSON.
create table email_mailbox (
  id uuid primary key default gen_random_uuid(),
  delivery_id uuid references email_deliveries (id) on delete set null,
  store_id uuid references stores (id) on delete cascade,
  kind text not null,
  mail_from text not null,
  mail_to text not null,
  reply_to text,
  subject text not null,
  html text not null,
  text_body text not null,
  attachments jsonb not null default '[]',
  created_at timestamptz not null default now()
);
create index email_mailbox_created_idx on email_mailbox (created_at desc);
