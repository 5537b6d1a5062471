-- Issue 18 "Lists at scale": indexes for users, accounts, members, audit log, feature flags, form
-- submissions, analytics tables, outbox and the other admin lists (docs/scaling.md).
SELECT 1;
