-- A content release rewrote the single-choice options of the assessment questions and put 38 of them in a
-- new order. An answer stores the position of the option chosen, so each stored position of those
-- actions moves to where its option now stands (new_position[old + 1]). The points stored with an answer
-- are the option's scores, which did not change.
-- Only answers given while the question still had the old order are moved: the stored question's options
-- must still carry their old scores in the old order (the order of scores differs in every moved
-- question). Migrations run before the content import at start-up, so this is the case on every
-- database the release upgrades, and the import then brings the new order in the same start.
WITH moved (question_id, action_id, new_position, old_scores) AS (
  VALUES
  ('dp-autocomplete-wrong-recipient', 'recipient-check', ARRAY[1, 0, 2, 3], '[{"DP-4":0},{"DP-4":2},{"DP-4":0},{"DP-4":0}]'::jsonb),
  ('dp-share-link-with-agency', 'link-settings', ARRAY[0, 1, 3, 2], '[{"DP-2":0},{"DP-2":1},{"DP-2":2},{"DP-2":0}]'::jsonb),
  ('dp-ai-summarise-contract', 'ai-choice', ARRAY[0, 2, 1, 3], '[{"DP-5":0,"DP-1":0},{"DP-5":1,"DP-1":0},{"DP-5":2,"DP-1":2},{"DP-5":0,"DP-1":0}]'::jsonb),
  ('dp-large-transfer-to-partner', 'transfer-method', ARRAY[1, 2, 0, 3], '[{"DP-2":0,"DP-1":0},{"DP-2":0,"DP-1":0},{"DP-2":2,"DP-1":2},{"DP-2":0,"DP-1":0}]'::jsonb),
  ('dp-colleague-wants-home-addresses', 'address-reply', ARRAY[0, 1, 3, 2], '[{"DP-3":0,"DP-2":0},{"DP-3":0,"DP-2":1},{"DP-3":2,"DP-2":2},{"DP-3":0,"DP-2":0}]'::jsonb),
  ('ph-ceo-urgent-transfer', 'ceo-what-now', ARRAY[0, 2, 1, 3], '[{"PH-3":0},{"PH-3":0},{"PH-3":2},{"PH-3":1}]'::jsonb),
  ('ph-parcel-customs-fee', 'parcel-action', ARRAY[1, 2, 3, 0], '[{"PH-2":0,"PH-4":0},{"PH-2":0,"PH-4":0},{"PH-2":2,"PH-4":0},{"PH-2":2,"PH-4":2}]'::jsonb),
  ('ph-hijacked-reply-thread', 'thread-verify', ARRAY[0, 2, 1, 3], '[{"PH-3":0},{"PH-3":2},{"PH-3":0},{"PH-3":0}]'::jsonb),
  ('ph-qr-code-mfa-reset', 'qr-action', ARRAY[0, 1, 3, 2], '[{"PH-2":0,"PH-3":0,"PH-5":0},{"PH-2":0,"PH-3":0,"PH-5":0},{"PH-2":2,"PH-3":2,"PH-5":2},{"PH-2":0,"PH-3":0,"PH-5":0}]'::jsonb),
  ('ir-entered-password-on-fake-page', 'mistake-action', ARRAY[1, 2, 0, 3], '[{"IR-2":0,"IR-1":0},{"IR-2":0,"IR-1":1},{"IR-2":2,"IR-1":2},{"IR-2":1,"IR-1":0}]'::jsonb),
  ('ir-ransom-note-on-screen', 'ransom-first-step', ARRAY[0, 3, 1, 2], '[{"IR-3":1},{"IR-3":2},{"IR-3":0},{"IR-3":0}]'::jsonb),
  ('ir-laptop-acting-strangely', 'strange-behaviour', ARRAY[0, 2, 1, 3], '[{"IR-3":0,"IR-1":0},{"IR-3":0,"IR-1":0},{"IR-3":2,"IR-1":2},{"IR-3":0,"IR-1":0}]'::jsonb),
  ('ir-late-confession', 'late-report', ARRAY[1, 0, 2, 3], '[{"IR-2":0,"IR-5":0},{"IR-2":2,"IR-5":2},{"IR-2":1,"IR-5":0},{"IR-2":0,"IR-5":0}]'::jsonb),
  ('ir-fake-cleanup-instructions', 'incident-email', ARRAY[0, 1, 3, 2], '[{"IR-3":0,"IR-1":0},{"IR-3":0,"IR-1":0},{"IR-3":2,"IR-1":0},{"IR-3":2,"IR-1":2}]'::jsonb),
  ('pw-reused-password-breach', 'breach-action', ARRAY[0, 2, 1, 3], '[{"PW-1":0},{"PW-1":1},{"PW-1":2},{"PW-1":0}]'::jsonb),
  ('pw-caller-asks-for-code', 'code-reply', ARRAY[1, 2, 0, 3], '[{"PW-4":0,"PW-3":0},{"PW-4":0,"PW-3":0},{"PW-4":2,"PW-3":2},{"PW-4":1,"PW-3":0}]'::jsonb),
  ('pw-cover-while-on-leave', 'leave-cover', ARRAY[0, 1, 3, 2], '[{"PW-4":0,"PW-5":0},{"PW-4":0,"PW-5":0},{"PW-4":2,"PW-5":2},{"PW-4":1,"PW-5":0}]'::jsonb),
  ('pw-mfa-fatigue-follow-up-call', 'fatigue-call', ARRAY[0, 2, 1, 3], '[{"PW-3":0,"PW-4":0},{"PW-3":0,"PW-4":0},{"PW-3":2,"PW-4":2},{"PW-3":1,"PW-4":1}]'::jsonb),
  ('ps-hold-the-door', 'door-action', ARRAY[1, 2, 0], '[{"PS-1":0},{"PS-1":1},{"PS-1":2}]'::jsonb),
  ('ps-quick-coffee-break', 'coffee-action', ARRAY[0, 1, 3, 2], '[{"PS-2":0},{"PS-2":0},{"PS-2":1},{"PS-2":2}]'::jsonb),
  ('ps-usb-stick-in-car-park', 'usb-action', ARRAY[1, 2, 3, 0], '[{"PS-4":0},{"PS-4":0},{"PS-4":1},{"PS-4":2}]'::jsonb),
  ('ps-fire-alarm-technician', 'technician-action', ARRAY[0, 1, 3, 2], '[{"PS-5":0,"PS-1":0},{"PS-5":0,"PS-1":0},{"PS-5":2,"PS-1":2},{"PS-5":0,"PS-1":0}]'::jsonb),
  ('ps-colleague-unlocked-laptop', 'unlocked-action', ARRAY[0, 2, 1, 3], '[{"PS-2":0},{"PS-2":0},{"PS-2":2},{"PS-2":1}]'::jsonb),
  ('rw-cafe-wifi', 'cafe-connect', ARRAY[0, 2, 1], '[{"RW-1":0},{"RW-1":1},{"RW-1":2}]'::jsonb),
  ('rw-printing-at-home', 'print-action', ARRAY[1, 2, 0, 3], '[{"RW-3":0},{"RW-3":1},{"RW-3":2},{"RW-3":0}]'::jsonb),
  ('rw-laptop-stolen-from-car', 'stolen-report', ARRAY[0, 1, 3, 2], '[{"RW-5":0},{"RW-5":1},{"RW-5":2},{"RW-5":0}]'::jsonb),
  ('rw-postponed-updates', 'update-action', ARRAY[1, 0, 2, 3], '[{"RW-4":0},{"RW-4":2},{"RW-4":1},{"RW-4":0}]'::jsonb),
  ('rw-work-chat-on-personal-phone', 'phone-choice', ARRAY[0, 2, 1, 3], '[{"RW-3":0,"RW-4":0},{"RW-3":0,"RW-4":0},{"RW-3":2,"RW-4":2},{"RW-3":1,"RW-4":0}]'::jsonb),
  ('si-sponsored-download-result', 'download-choice', ARRAY[0, 1, 3, 2], '[{"SI-2":0,"SI-1":0},{"SI-2":1,"SI-1":2},{"SI-2":2,"SI-1":2},{"SI-2":0,"SI-1":0}]'::jsonb),
  ('si-fake-browser-update', 'update-banner', ARRAY[1, 2, 0], '[{"SI-4":0,"SI-3":0,"SI-2":0},{"SI-4":0,"SI-3":1,"SI-2":1},{"SI-4":2,"SI-3":2,"SI-2":2}]'::jsonb),
  ('si-handy-browser-extension', 'extension-choice', ARRAY[0, 2, 1, 3], '[{"SI-4":0},{"SI-4":0},{"SI-4":2},{"SI-4":0}]'::jsonb),
  ('si-free-full-version', 'software-choice', ARRAY[0, 1, 3, 2], '[{"SI-2":0},{"SI-2":0},{"SI-2":2},{"SI-2":1}]'::jsonb),
  ('si-allow-notifications-to-continue', 'notification-choice', ARRAY[1, 0, 2, 3], '[{"SI-3":0},{"SI-3":2},{"SI-3":0},{"SI-3":1}]'::jsonb),
  ('se-gift-card-request', 'gift-card-action', ARRAY[0, 1, 3, 2], '[{"SE-1":0,"SE-4":0},{"SE-1":0,"SE-4":0},{"SE-1":2,"SE-4":2},{"SE-1":0,"SE-4":0}]'::jsonb),
  ('se-bank-fraud-department-call', 'bank-call-action', ARRAY[0, 2, 1, 3], '[{"SE-1":0,"SE-2":0},{"SE-1":0,"SE-2":1},{"SE-1":2,"SE-2":2},{"SE-1":0,"SE-2":0}]'::jsonb),
  ('se-supplier-calls-about-bank-change', 'supplier-change', ARRAY[0, 3, 1, 2], '[{"SE-1":0,"SE-4":0},{"SE-1":2,"SE-4":2},{"SE-1":0,"SE-4":1},{"SE-1":0,"SE-4":0}]'::jsonb),
  ('se-urgent-password-reset-call', 'reset-action', ARRAY[1, 2, 0, 3], '[{"SE-1":0,"SE-2":0,"SE-4":0},{"SE-1":0,"SE-2":1,"SE-4":0},{"SE-1":2,"SE-2":2,"SE-4":2},{"SE-1":0,"SE-2":0,"SE-4":0}]'::jsonb),
  ('se-manager-new-number-message', 'new-number-action', ARRAY[0, 2, 1], '[{"SE-1":0,"SE-2":0},{"SE-1":0,"SE-2":1},{"SE-1":2,"SE-2":2}]'::jsonb)
)
UPDATE "assessment_answers" AS a
SET "choice" = a."choice" || jsonb_build_object('option', m.new_position[(a."choice" ->> 'option')::int + 1])
FROM moved AS m
JOIN "questions" AS q ON q."id" = m.question_id
WHERE a."question_id" = m.question_id
  AND a."action_id" = m.action_id
  AND jsonb_typeof(a."choice" -> 'option') = 'number'
  AND (a."choice" ->> 'option')::int BETWEEN 0 AND cardinality(m.new_position) - 1
  AND jsonb_path_query_array(
    q."blocks",
    '$[*] ? (@.actionId == $action).options[*].scores',
    jsonb_build_object('action', m.action_id)
  ) = m.old_scores;
