-- Admin review of affiliate payouts (issue 37 item 5): REQUESTED → APPROVED → PAID, or REJECTED (the ledger gives the
-- amount back to AVAILABLE in the same transaction). Who decided and when is kept on the request.
alter table affiliate_payouts drop constraint affiliate_payouts_status_check;
alter table affiliate_payouts add constraint affiliate_payouts_status_check
  check (status in ('REQUESTED', 'APPROVED', 'PAID', 'REJECTED'));
alter table affiliate_payouts add column reviewed_by uuid references users (id) on delete set null;
alter table affiliate_payouts add column approved_at timestamptz;
alter table affiliate_payouts add column paid_at timestamptz;
alter table affiliate_payouts add column rejected_at timestamptz;
alter table affiliate_payouts add column rejection_reason text;
create index affiliate_payouts_status_idx on affiliate_payouts (status, created_at);
