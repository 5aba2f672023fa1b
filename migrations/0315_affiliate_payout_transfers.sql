-- Payouts through the platform's Asaas account (issue 37 item 5): an approved payout is sent as a PIX transfer
-- (PROCESSING) and ends PAID when Asaas says DONE, or FAILED (the ledger gives the amount back) when it fails.
-- transfer_attempted_at marks a POST that may have reached Asaas: a retry looks it up (externalReference = payout
-- id) before sending another, so a payout is never transferred twice.
alter table affiliate_payouts drop constraint affiliate_payouts_status_check;
alter table affiliate_payouts add constraint affiliate_payouts_status_check
  check (status in ('REQUESTED', 'APPROVED', 'PROCESSING', 'PAID', 'REJECTED', 'FAILED'));
alter table affiliate_payouts add column transfer_id text unique;
alter table affiliate_payouts add column transfer_status text;
alter table affiliate_payouts add column transfer_attempted_at timestamptz;
alter table affiliate_payouts add column failure_reason text;
alter table affiliate_payouts add column failed_at timestamptz;
create index affiliate_payouts_processing_idx on affiliate_payouts (created_at) where status = 'PROCESSING';
