/**
 * GENERATED from GET /api/openapi.json by `npm run api:types` (openapi-typescript) — do not edit.
 * The server's valibot schemas are the source (issue 10 §4); server/src/lib/contract.test.ts fails
 * when this file is stale.
 */

export interface paths {
    "/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Runtime configuration of the SPA */
        get: operations["getConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/sso/discover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Find the SSO provider of an e-mail address
         * @description The active SSO config whose domain is the e-mail's domain; 404 `ssoProviderNotFound` when there is none.
         */
        post: operations["postAuthSsoDiscover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an invitation
         * @description What the join page shows before sign-up. 404 `invitationInvalid` for an unknown, used or expired token.
         */
        get: operations["getAuthInvitation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a user from an invitation
         * @description Sets the invited user's name and password, makes the role Active and consumes the token; the SPA then signs in. 404 `invitationInvalid`; 422 when e-mail or account are not the invitation's or the password breaks the rule; 409 `userHasPassword` when the user can already sign in (they join by signing in and `PUT /user/{userId}/role/{roleId}`).
         */
        post: operations["postAuthJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/bot/{publicId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The published vidbot for the player
         * @description No token. REGULAR_FORM actions lose their private fields (recipients, integrations). 404 when the bot is not published or is deactivated.
         */
        get: operations["getPublicBotByPublicId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/bot/{publicId}/form-submission": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Submit a form of a published vidbot
         * @description No token. Body `{ submissionId (client UUID, the idempotency key), revisionId (PlayerBot.revisionId; null = current published), actionId (a REGULAR_FORM action), values: { fieldName: answer }, lang? }`. 201 `{ submissionId }` when stored (and the e-mail to the form recipient + bcc queued); 200 with the same body when that submissionId was already stored for this form (nothing stored or sent twice); 422 `errors` keyed `values.<field name>`, `revisionId` or `actionId`; 409 when the submissionId belongs to another form; 404 when the bot is not published; 413 over 64 KiB.
         */
        post: operations["postPublicBotByPublicIdFormSubmission"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/bot/{publicId}/widget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The widget to show on a page
         * @description No token; CORS `*`; cached 60 s. Resolves URL maps (exact, prefix, wildcard, regex in that priority; feature url_map), the scheduler window (server time; feature vidbot_scheduler) and the widget video, and answers `{ show: false, reason }` or the bubble to render (docs/embedding.md "Widget"). 404 when the bot is not Published; 400 with field messages for a bad `url`.
         */
        get: operations["getPublicBotByPublicIdWidget"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/public/widget/{publicId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A published carousel
         * @description No token; CORS `*`; cached 60 s. The published revision of a Published widget resolved for the carousel script (embed/carousel): Published vidbots of the account in the widget's order (Random shuffled per request), covers, preview videos, player frames (`V/e/{botPublicId}?channel=slider&slider_id={id}`), styles. 404 unless the widget is Published (not Deactivated) in an Active account.
         */
        get: operations["getPublicWidgetByPublicId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record viewer events (the player, every channel)
         * @description Body `EventBatch` `{ v: 1, publicId, channel, sessionId, sliderId?, source?, events: [{ id, name, at, slideId?, fromSlideId?, optionId?, seconds? }] }` (embed/shared/analytics.ts), as `application/json` or `text/plain` (navigator.sendBeacon). 202 `{ accepted, duplicates, dropped }` once stored: an event id already stored counts as a duplicate (a retried batch counts once); an invalid event, one without the fields its name needs, one whose id is not `${sessionId}.…`, or one outside the time window (48 h old … 5 min ahead) is dropped and counted; with analytics turned off for the bot or account every event is dropped. 400 when the body is not JSON or the envelope is invalid (`errors` by field), 404 when the bot is not published, 413 over 32 KiB, 415 for other content types, 429 (Retry-After) over 20 batches / 10 s or 1,000 events / min per session.
         */
        post: operations["postEvents"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/google/auth/csrf": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start connecting Google Drive
         * @description A one-time `state` bound to the caller (valid 10 minutes) and Google's consent URL carrying it.
         */
        post: operations["postIntegrationGoogleAuthCsrf"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/google/auth/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish connecting Google Drive
         * @description Spends the state and exchanges the code for tokens. 422 `errors.state` for an unknown, used or expired state, 422 `google_oauth_error` when Google refused the code or Drive access was not granted; 502 `google_unavailable`.
         */
        post: operations["postIntegrationGoogleAuthCallback"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/google/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Disconnect Google Drive
         * @description Deletes the connection and revokes its token at Google (failures ignored).
         */
        post: operations["postIntegrationGoogleAuthLogout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/google/drive/list": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's Google Drive videos
         * @description The latest 20 videos, optionally whose name contains `search_name`. 409 `google_not_connected`; 502 `google_drive_error`.
         */
        get: operations["getIntegrationGoogleDriveList"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/google/drive/upload/{fileId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a Google Drive video
         * @description Creates a Draft SlideVideo named after the Drive file and queues its import job (the media turns Ready or Failed like an upload). 404 account or file; 403 Viewer or `feature_disabled`; 409 `google_not_connected`; 422 `unsupported_file`; 413 `too_large` (over 2 GiB); 502 `google_drive_error`.
         */
        post: operations["postIntegrationGoogleDriveUploadByFileId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/{type}/auth/start/account/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start connecting an OAuth CRM
         * @description HubSpot, Salesforce: the vendor's consent URL carrying a signed state (10 minutes) and the redirect URI `{PUBLIC_URL}/integration-callback/{type}`. 403 `featureDisabled` (dashboard:integration / integration_<type> off); 409 `notConfigured` (no OAuth client on the server); 400 `notOAuth` for an API-key CRM. Staff, and the Owner, Admin or Reseller of the account (Editor / Viewer 403, no role 404).
         */
        post: operations["postIntegrationByTypeAuthStartAccountByAccountId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/{type}/auth/account/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Connect a CRM
         * @description OAuth CRMs: `{ code, state }` from the callback; the state must be this server's, unexpired, the caller's, for this account and CRM (else 400 `invalidState` 'Invalid authentication state'). Linear, Pipedrive: `{ apiKey }`. 422 `errors.code` / `errors.apiKey` when missing or refused by the vendor; 502 `crmUnavailable`; 403 `featureDisabled`; 409 `notConfigured`. Replaces an earlier connection and re-sends the deliveries that waited for it. Staff, and the Owner, Admin or Reseller of the account (Editor / Viewer 403, no role 404).
         */
        post: operations["postIntegrationByTypeAuthAccountByAccountId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/integration/{type}/account/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Disconnect a CRM
         * @description Deletes the connection and its sealed secret, then revokes the token at the vendor (best effort). 204 also when it was not connected. Staff, and the Owner, Admin or Reseller of the account (Editor / Viewer 403, no role 404).
         */
        delete: operations["deleteIntegrationByTypeAccountByAccountId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{accountId}/integration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the account's integrations
         * @description The four CRMs (state not_connected | connected | error, connected user, error message, whether the account's features enable each and whether the server has its OAuth client) and the caller's Google Drive. Never a secret. Staff, and the Owner, Admin or Reseller of the account (Editor / Viewer 403, no role 404).
         */
        get: operations["getAccountByAccountIdIntegration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bot/{id}/form-submission/{submissionId}/delivery/{type}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Retry a failed CRM delivery
         * @description Queues a `failed` delivery of the submission (`{submissionId}` = FormSubmission.id or its submissionId UUID) to the CRM again → the delivery, now `pending`. 409 `notRetryable` when it is not failed. Anyone who may edit in the bot's account (staff, Owner, Admin, Editor, Reseller; Viewer 403; others 404).
         */
        post: operations["postBotByIdFormSubmissionBySubmissionIdDeliveryByTypeRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/admin/outbox": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the e-mail outbox
         * @description Every e-mail the server composed, newest first, with its send state. Superusers and customer success only.
         */
        get: operations["getAdminOutbox"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read the audit log
         * @description Newest first; `type` keeps one event type (`tag.create`) or a resource prefix (`widget.`) of the catalogue (else 422). With `account_id`: staff, or an Active Owner or Admin of that account (other roles 403; an account the caller may not use 404). Without it: staff only (every event, staff-wide ones with accountId null included).
         */
        get: operations["getAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/finalize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Finish a sign-in
         * @description Called by the SPA after every sign-in: answers the caller (as `GET /user/me`) with the sign-in identities. The body is empty or `{}`.
         */
        post: operations["postAuthFinalize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sso/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List SSO configs
         * @description Superusers only.
         */
        get: operations["getSsoConfig"];
        put?: never;
        /**
         * Create an SSO config
         * @description Superusers only. 409 `ssoProviderExists` / `ssoDomainExists`.
         */
        post: operations["postSsoConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sso/config/{configId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read an SSO config */
        get: operations["getSsoConfigByConfigId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update an SSO config
         * @description Status toggle and upstream settings. 409 when the domain is taken.
         */
        patch: operations["patchSsoConfigByConfigId"];
        trace?: never;
    };
    "/sso/config/{configId}/provision": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Provision an account from an SSO config
         * @description New users of the domain get `defaultRole` in the account (set again to change it).
         */
        post: operations["postSsoConfigByConfigIdProvision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{accountId}/user": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's members
         * @description Managers (staff; Active Owner, Admin, Reseller); Editor, Viewer → 403. Ordered by e-mail; `size` 1..1000 (default 10).
         */
        get: operations["getAccountByAccountIdUser"];
        put?: never;
        /**
         * Invite a member
         * @description Managers; `role` Admin, Editor, Viewer, or Reseller (superusers only, else 403). Creates the user when the e-mail is new (no password: the join sign-up sets it) or finds them, adds the role with status Invited and e-mails the join link (outbox kind `invitation`). 409 `alreadyMember` when they already hold a role in the account.
         */
        post: operations["postAccountByAccountIdUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{accountId}/user/resend-invitation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Resend an invitation
         * @description Managers (same role rules as inviting). `accountId` must equal the path's (else 422); the member must still be Invited (Active → 409 `alreadyActive`; no such member → 404). Sets the invited role to `role`, retires the older tokens and e-mails a new link.
         */
        post: operations["postAccountByAccountIdUserResendInvitation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{accountId}/user/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a member
         * @description Managers; Admins and Resellers only Editor and Viewer rows (else 403). Removes the role and its pending tokens; the user stays. 404 not a member; 409 `lastOwner` for the only Owner.
         */
        delete: operations["deleteAccountByAccountIdUserByUserId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{accountId}/user/{userId}/role": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Change a member's role
         * @description Staff, Owner, Admin (Reseller → 403); Reseller in or out: superusers only; an Owner's role: staff only; never one's own (403). Status unchanged. 404 not a member; 409 `lastOwner`.
         */
        put: operations["putAccountByAccountIdUserByUserIdRole"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}/role/{roleId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Join an account (activate an invited role)
         * @description Sets the role `Active` (spec 000 §5 "Sign-up (join team)") and retires its invitation links; joining an Active role changes nothing. Only the invited user or staff (403); 404 `Role not found.` when the role is not the user's. Audited as `role.join`.
         */
        put: operations["putUserByUserIdRoleByRoleId"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List an account's media */
        get: operations["getMedia"];
        put?: never;
        /**
         * Create a media item
         * @description A Draft row with a single-use `uploadToken` for `POST /media/{id}/upload` (multipart). Videos may go through tus instead. 404 unknown account, 403 Viewer.
         */
        post: operations["postMedia"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a media item
         * @description A finished replacement answers the media it replaced.
         */
        get: operations["getMediaById"];
        put?: never;
        post?: never;
        /**
         * Delete a media item
         * @description Answers the published bots that used it.
         */
        delete: operations["deleteMediaById"];
        options?: never;
        head?: never;
        /** Rename or crop a media item */
        patch: operations["patchMediaById"];
        trace?: never;
    };
    "/media/{id}/usage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Published bots that use a media item */
        get: operations["getMediaByIdUsage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}/replace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start replacing the file of a media item
         * @description Creates a replacement row; upload to its `uploadUrl` (or tus with Upload-Metadata `replaces`). When it is Ready the original keeps its id and takes the new file.
         */
        post: operations["postMediaByIdReplace"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}/caption": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add or replace the subtitles of one language
         * @description WebVTT file (at most 1 MiB) as multipart field `file`; answers the media with its captions.
         */
        put: operations["putMediaByIdCaption"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}/caption/{captionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a subtitle file */
        get: operations["getMediaByIdCaptionByCaptionId"];
        put?: never;
        post?: never;
        /** Delete a subtitle file */
        delete: operations["deleteMediaByIdCaptionByCaptionId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{id}/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Upload the file of a media item (multipart)
         * @description Header `Upload-Token` from `POST /media`; multipart field `file`. Images become Ready at once, videos are queued for processing.
         */
        post: operations["postMediaByIdUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-vidbot analytics rows of an account
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. One page of per-bot rows (Analytics row, spec 002 §3) read from the daily rollups, with the totals over every matching bot. `channel` absent = all channels. 404 without a role in the account.
         */
        get: operations["getAnalytics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Everything an analytics export needs
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. Rows (up to 9999), per-slider rows, totals, chart points, the filter bots and users (up to 1000) and whether the watermark column applies. 403 for Editor and Viewer (spec 002 §6: they cannot download reports).
         */
        get: operations["getAnalyticsReport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/total/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Analytics totals of an account
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. Totals and §9 rates over the matching bots.
         */
        get: operations["getAnalyticsTotalById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/total/{id}/daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Analytics chart points of an account
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. One point per day of the range (zeros included): sessions, slider sessions, opens.
         */
        get: operations["getAnalyticsTotalByIdDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/widget/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Per-carousel analytics of an account
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. One row per slider (carousel widget) on the slider channel.
         */
        get: operations["getAnalyticsWidgetById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/bot/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Analytics detail of one vidbot
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. Slides played and liked, actions clicked, sources, slide-to-slide transitions (Sankey), the most taken paths and drop-off per slide. 404 when the caller may not view the bot.
         */
        get: operations["getAnalyticsBotById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/settings/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * An account's analytics settings
         * @description analyticsDefaultChannel and analyticsDisplayFields (spec 002 §3). Any role in the account.
         */
        get: operations["getAnalyticsSettingsById"];
        /**
         * Update an account's analytics settings
         * @description Owner and Super_Admin (superuser) only (spec 002 §2: the gear is theirs); others 403.
         */
        put: operations["putAnalyticsSettingsById"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Admin analytics (staff)
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. Per-bot rows of every account, filtered by website tier (`lower` ≤ sessions in the range < `upper`), business type, use case and bots. Staff only (403).
         */
        get: operations["getAnalyticsAdmin"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/admin-daily": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Admin analytics chart (staff)
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to yesterday (spec 002 §5, §6) unless `include_today=true`. Chart points over the admin filters. Staff only (403).
         */
        get: operations["getAnalyticsAdminDaily"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/analytics/admin-billing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Billing report (superuser)
         * @description `from_date` / `to_date` are UTC days `yyyy-MM-dd`; an invalid date falls back to the last 30 days and the end is clamped to today (spec 002 §5, §6) unless `include_today=true`. Display-ad impressions per bot of the accounts (all, or `account_ids`), plus accounts with the vidbot_as_ads feature and no impressions (hasFeatureOnly). Superuser only (403).
         */
        get: operations["getAnalyticsAdminBilling"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/{id}/preview-config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Carousel config of a widget's unsaved content
         * @description The editor's live preview (spec 002 §2): `{ content: WidgetContent }` resolved as the published carousel would be (only Published vidbots of the widget's account). Any Active role of the widget's account, or staff; 404 otherwise; 422 with field messages for invalid content.
         */
        post: operations["postWidgetByIdPreviewConfig"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bot/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Live status of every published vidbot (staff)
         * @description One page (default 30) of bots with their live status: live = viewer sessions in the last 24 h, offline = published and seen before but silent for 24 h, inactive = never seen (docs/api.md "Live status"). `order_by` bot_name | account | live_status | last_viewed_at | updated_at. Staff only (403).
         */
        get: operations["getBotStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the vidbots of an account
         * @description One page of `{ records, metadata }` (spec 001 §2). `tag_ids` (comma list) keeps the bots having ANY of those tags. `order_by=status` sorts Draft, Deactivated, Published, then live status inactive, offline, live. 404 when the caller has no role in the account. Unknown query parameters are ignored.
         */
        get: operations["getBot"];
        put?: never;
        /**
         * Create a vidbot
         * @description Creates the bot (Draft, author = caller) and revision 1 with empty content. 403 for a Viewer.
         */
        post: operations["postBot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bot/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a vidbot
         * @description `mode=draft` (default) answers the latest revision, `mode=published` the published one (404 when none). Slides carry their media resolved to `/files/` URLs.
         */
        get: operations["getBotById"];
        put?: never;
        post?: never;
        /**
         * Delete a vidbot
         * @description Editors (spec 001 §6). Deletes the bot, its revisions and tag links; a published bot stops serving (the public endpoint answers 404). Media stays in the library. Audited as `bot.delete`.
         */
        delete: operations["deleteBotById"];
        options?: never;
        head?: never;
        /**
         * Update a vidbot
         * @description Rename, privacy, star, status (publish / deactivate / reactivate) and content. Writing content to a published revision starts a new draft revision; cross-field rules of the content answer 422 with field paths (spec 001 §4, §5). A gated setting or form integration changed without its account feature answers 403 featureRequired (spec 001 §6). With baseRevisionId, content based on an older revision answers 409 revisionConflict.
         */
        patch: operations["patchBotById"];
        trace?: never;
    };
    "/bot/{id}/graph": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The vidbot's own graph
         * @description Issue 11: the revision (`mode=draft`, default: the latest; `mode=published`: the published one, 404 when none) compiled to its statechart and analysed — slides, actions and the closed end as nodes, live buttons as edges, unreachable slides and actions, dead ends, loops, deleted targets and the number of distinct paths from the intro (capped at 10 000). The editor runs the same function on its unsaved draft.
         */
        get: operations["getBotByIdGraph"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bot/{id}/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a vidbot
         * @description A new Draft "<name> (Copy)" in the same account with the latest revision's content and the same tags (new id and publicId). Viewer → 403; Deactivated → 422 `botDeactivated`.
         */
        post: operations["postBotByIdClone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bot/{id}/copy-to-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a vidbot to another account
         * @description As clone, into `target_account_id`, where the caller needs a non-Viewer role (no role → 404, Viewer → 403; the source needs the same). Deactivated → 422 `botDeactivated`; the own account → 422. The media the content references is copied into the target account (new media rows and files, captions included) and the ids remapped; tags are carried over by name.
         */
        post: operations["postBotByIdCopyToAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bot/{id}/revision/{revisionId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Publish a revision */
        patch: operations["patchBotByIdRevisionByRevisionIdStatus"];
        trace?: never;
    };
    "/bot/{id}/form-submission": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a vidbot's form submissions
         * @description Newest first; `size` default 20, at most 100. Anyone who may view the bot (any Active role in its account, and staff); others 404.
         */
        get: operations["getBotByIdFormSubmission"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/bot/{id}/ad-package": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download the display ad of a vidbot
         * @description Issue 12 "Display ads": the HTML5 package (zip) of the **published** revision for an ad platform — `platform` adform, xandr, dv360, gam (Google Ad Manager / CM360) or custom; omitted: adSettings.adPlatform. Files: `index.html` (the platform's click-tag convention and an iframe of `/ad/{publicId}` at the placement size), `manifest.json` for Adform, `tag.html` (third-party tag) for gam, dv360, xandr and custom (docs/embedding.md `## Display ads`). Any role in the bot's account and staff (spec 001 §6 share). 403 `featureRequired` when the account lacks `vidbot_as_ads`; 422 `notPublished` when the bot is not Published; 404 unknown or another account's bot.
         */
        get: operations["getBotByIdAdPackage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tag": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an account's tags
         * @description By lower-cased name; `size` default 100 (spec 001 §9), at most 250. 404 when the caller has no role in the account.
         */
        get: operations["getTag"];
        put?: never;
        /**
         * Create a tag
         * @description Editors of the account (not Viewer → 403). Blank name → 422; a name the account already has (any case) → 400 `tagExists` whose `detail` the SPA shows.
         */
        post: operations["postTag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tag/{tagId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Rename a tag
         * @description Editors of the tag's account (Viewer → 403). Same name rules as create.
         */
        patch: operations["patchTagByTagId"];
        trace?: never;
    };
    "/widget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the widgets of an account
         * @description One page of `{ records, metadata }`, newest first (spec 002 §2, §7; size 10 by default). `name` keeps the widgets whose name contains it (case-insensitive). 404 when the caller has no role in the account. Needs the account feature `new_widgets` (else 403 `featureDisabled`).
         */
        get: operations["getWidget"];
        put?: never;
        /**
         * Create a widget
         * @description A Draft widget (author = caller, privacy Public) with revision 1 holding the defaults of `type` (default Slider; spec 002 §5, §9). 403 for a Viewer. Needs the account feature `new_widgets` (else 403 `featureDisabled`).
         */
        post: operations["postWidget"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a widget
         * @description `mode=draft` (default) answers the latest revision, `mode=published` the published one (404 when none). Also HEAD. Needs the account feature `new_widgets` (else 403 `featureDisabled`).
         */
        get: operations["getWidgetById"];
        put?: never;
        post?: never;
        /**
         * Delete a widget
         * @description Editors (spec 002 §6). Deletes the widget and its revisions; a published carousel stops serving. Audited as `widget.delete`. Needs the account feature `new_widgets` (else 403 `featureDisabled`).
         */
        delete: operations["deleteWidgetById"];
        options?: never;
        head?: never;
        /**
         * Update a widget
         * @description Rename, privacy, content (a new Draft revision; with `baseRevisionId` older than the latest → 409 `revisionConflict`), publish (`status` or `revisionStatus` Published; 422 with `content.*` field messages when the content is not valid), deactivate / reactivate (superusers and customer success only, else 403). `content.selectedBotIds` must be vidbots and `content.selectedTagIds` tags of the widget's account (422). Edit rights of spec 002 §6 (403). Needs the account feature `new_widgets` (else 403 `featureDisabled`).
         */
        patch: operations["patchWidgetById"];
        trace?: never;
    };
    "/widget/{id}/clone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Duplicate a widget
         * @description A new Draft "<name> (Copy)" in the same account with the latest revision's content. Viewer → 403; Deactivated → 422 `widgetDeactivated`. Needs the account feature `new_widgets` (else 403 `featureDisabled`).
         */
        post: operations["postWidgetByIdClone"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/{id}/copy-to-account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Copy a widget to another account
         * @description As duplicate, into `target_account_id`, where the caller needs a non-Viewer role (no role → 404, Viewer → 403) and the account the widgets feature (403 `featureDisabled`). The copy keeps every setting but clears `selectedBotIds` and `selectedTagIds` (they name the source account's vidbots and tags). Deactivated → 422 `widgetDeactivated`; the own account → 422. Needs the account feature `new_widgets` (else 403 `featureDisabled`).
         */
        post: operations["postWidgetByIdCopyToAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/widget/{id}/revision/{revisionId}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Publish a widget revision
         * @description Publishes that revision (an older one too: roll back); the previously published one becomes Archived. 404 when it is not the widget's; 422 when its content is not valid; on a Deactivated widget (reactivation) staff only. Needs the account feature `new_widgets` (else 403 `featureDisabled`).
         */
        patch: operations["patchWidgetByIdRevisionByRevisionIdStatus"];
        trace?: never;
    };
    "/global": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Enumerations and server version
         * @description Languages, role values, staff roles, media kinds, feature-flag names and the server version; the same for every caller.
         */
        get: operations["getGlobal"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user
         * @description The caller with every role (Active and Invited), Google sign-in identities and whether a Google Drive connection exists. 401 when the user row is gone.
         */
        get: operations["getUserMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update one's own profile
         * @description Sets the fields sent (spec 000 §5 "Profile"): firstName, lastName, phoneNumber (`""` or null clears it), language; `email` by superusers only (409 `emailTaken` when another user has it). Unknown keys answer 422. One `user.update` audit row names the fields sent.
         */
        patch: operations["patchUserMe"];
        trace?: never;
    };
    "/user/me/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's accounts
         * @description Every account where the caller holds a role, Active or Invited (the team picker), by business name, as one page of `Account` records with the caller's role, roleId and roleStatus.
         */
        get: operations["getUserMeAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/all-users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * All users (staff)
         * @description One page of every user with their roles, by id; `email` filters by a case-insensitive substring. Superusers and customer success only (403).
         */
        get: operations["getUserAllUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/resellers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Resellers (staff)
         * @description One page of the users with isReseller, by id (default size 100). Superusers and customer success only (403).
         */
        get: operations["getUserResellers"];
        put?: never;
        /**
         * Add a reseller (superuser)
         * @description Finds the user by e-mail, or creates one with a temporary password sent by e-mail (201), and makes them a reseller (200 for an existing user). 409 `alreadyReseller`. Audited as `reseller.add`.
         */
        post: operations["postUserResellers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/resellers/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete a reseller (superuser)
         * @description Clears isReseller and removes the user's Reseller roles in accounts, audited as `reseller.remove`. 404 `Reseller not found.` when the user is not a reseller. Answers the user after the change.
         */
        post: operations["postUserResellersByUserId"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/user/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read a user
         * @description Visible to oneself, staff, and Active members of an account where the user holds a role; non-staff see only the roles in their own Active accounts. Anyone else: 404 `User not found.`
         */
        get: operations["getUserByUserId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Update a user
         * @description Sets the fields sent (spec 000 §5 "Profile"): firstName, lastName, phoneNumber (`""` or null clears it), language; `email` by superusers only (409 `emailTaken` when another user has it). Unknown keys answer 422. One `user.update` audit row names the fields sent. Oneself or staff; another visible user's profile is 403 for non-staff.
         */
        patch: operations["patchUserByUserId"];
        trace?: never;
    };
    "/user/{userId}/set-password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Set a user's password (superuser)
         * @description A permanent password for a non-external user (the password rules of spec 000 §5; 422 `password`), revoking every refresh token, audited as `user.set_password`. `userId` in the body, when sent, must match the path.
         */
        patch: operations["patchUserByUserIdSetPassword"];
        trace?: never;
    };
    "/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the accounts the caller may see
         * @description Each with the caller's own role (null where staff hold none). Staff see every account, or with `filter=Joined` only accounts where they hold a role; everyone else (resellers included) sees the accounts where their role is Active (spec 000 §4). `business_name` is a case-insensitive substring (`%`, `_` literal); `size` up to 10000 for pickers.
         */
        get: operations["getAccount"];
        put?: never;
        /**
         * Create an account
         * @description Superuser, customer success, reseller (user flag); `options` staff only. `publicId` is the slug of the name (`Näyte Oy` → `nayte-oy`, then `-2`, `-3`, …). The owner is found by e-mail or created without a password, with role Owner (Invited), and gets an invitation e-mail (outbox kind `invitation`) whose join link has a token only when they cannot sign in yet. A reseller (not staff) who creates it gets an Active Reseller role; a creator who gives their own e-mail becomes its Active Owner (no e-mail). 409 `accountConflict` only if a concurrent-create race repeats 3 times. Audit `account.create`.
         */
        post: operations["postAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List accounts with details (staff, resellers)
         * @description Same query and visibility as `GET /account`, with `AccountDetail` records (the staff and reseller accounts table). 403 for everyone else.
         */
        get: operations["getAccountDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account
         * @description Staff, any Active role; with the caller's role.
         */
        get: operations["getAccountByAccountId"];
        /**
         * Update an account
         * @description Fields present are changed. businessName, color, billing: staff, Owner, Reseller; `status`: staff, Reseller; `newOwnerId`: staff, Owner — must hold a role in the account (else 422), that role becomes Owner (status kept) and every other Owner becomes Admin (audit `account.owner_change`); `newPartnerId`: a user who is both superuser and customer success — a reseller user or null; `options`: staff, merged into the stored ones. Restricted fields are checked only when they change the stored value (a form may send them back unchanged). `''`/null clear billing fields. Audit `account.update`.
         */
        put: operations["putAccountByAccountId"];
        post?: never;
        /**
         * Delete an account (superuser)
         * @description The account, its roles, bots, media rows and invitations go (cascade) and its stored files are removed. Audit `account.delete`.
         */
        delete: operations["deleteAccountByAccountId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{accountId}/detail": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account with details
         * @description Staff, Owner, Admin, Reseller (Editor, Viewer → 403).
         */
        get: operations["getAccountByAccountIdDetail"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/account/{accountId}/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an account's profile
         * @description Staff, any Active role (spec 002 §3 Profile).
         */
        get: operations["getAccountByAccountIdProfile"];
        /**
         * Replace an account's profile
         * @description Staff, Owner, Admin, Reseller. Each part sent (`appearance`, `profile`) replaces the stored one. Media ids must be media of the account (422 `errors['appearance.logoId']` …). Audit `account.profile_update`.
         */
        put: operations["putAccountByAccountIdProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feature": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The caller's features
         * @description Features enabled for the caller in the account (`account_id` 0 or absent: no account), as `${flag_type}:${name}` strings. 404 when the caller may not use the account.
         */
        get: operations["getFeature"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/feature/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List feature flags
         * @description Superusers only. By name; `account_ids` keeps flags enabled for any of them, `flag_name` is a case-insensitive substring.
         */
        get: operations["getFeatureFlags"];
        /**
         * Update a feature flag
         * @description Superusers only. Updates the flag named `name`; the other fields present replace the stored ones. 404 when there is none.
         */
        put: operations["putFeatureFlags"];
        /**
         * Create a feature flag
         * @description Superusers only. 409 `flagExists` when the name is taken; 422 unknown user or account ids.
         */
        post: operations["postFeatureFlags"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generate/avatar-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List avatar groups
         * @description One page (`size` default 4, spec 001 §9) of the provider's avatar groups: with the embedded ffmpeg provider, one group per Ready image of the account's media library (id `media-<mediaId>`); with HeyGen, the HeyGen account's groups. Staff, or an Active role other than Viewer in the account (Viewer 403; no role 404), in an account with the feature `video_generation` (else 403 `featureDisabled`). Provider failures answer 502 `avatarProviderError`.
         */
        get: operations["getGenerateAvatarGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generate/avatar-groups/{groupId}/avatars": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the avatars of a group
         * @description The looks of one avatar group (spec 001 §3 Avatar: avatarId, avatarName, voiceId, previewImageUrl, previewVideoUrl); 404 for an unknown group or another account's image. Staff, or an Active role other than Viewer in the account (Viewer 403; no role 404), in an account with the feature `video_generation` (else 403 `featureDisabled`). Provider failures answer 502 `avatarProviderError`.
         */
        get: operations["getGenerateAvatarGroupsByGroupIdAvatars"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generate/voices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the voices
         * @description Voices the provider speaks with: espeak-ng's `en` and `fi` (embedded provider with espeak-ng installed), one `silent` voice (without it), or HeyGen's voices. Staff, or an Active role other than Viewer in the account (Viewer 403; no role 404), in an account with the feature `video_generation` (else 403 `featureDisabled`). Provider failures answer 502 `avatarProviderError`.
         */
        get: operations["getGenerateVoices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generate/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate an avatar video
         * @description Queues a 720×1280 talking-photo video (spec 001 §3 Avatar video request; title, avatar style and script required, §5) as an AI job of type `avatar`: 202 `{ jobId, type, status }`; poll `GET /gen-ai/status/{jobId}` (statuses queued → generating_script (rendering, progress 0..1) → completed (landing in the media library) → ready with `result.mediaId`, or failed with `error`). The video lands in the media library as a SlideVideo named after the title and is processed like an upload. 422 `media_tools_missing` when this server cannot process videos. Staff, or an Active role other than Viewer in the account (Viewer 403; no role 404), in an account with the feature `video_generation` (else 403 `featureDisabled`). Provider failures answer 502 `avatarProviderError`.
         */
        post: operations["postGenerateAvatar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gen-ai/analyze-navigation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Analyze a website (AI URL wizard)
         * @description Starts a URL analysis job (spec 001 §2 step 1, §4): the server fetches the page and a few pages of its navigation (SSRF-safe: http(s) only, private and metadata addresses refused, ≤ 5 redirects, size and time limits; docs/ai.md) and answers `AnalysisResult` (source info, script options, navigation links with absolute URLs). 202 `{ jobId, type: 'analyze', status: 'queued' }`. Poll `GET /gen-ai/status/{jobId}` until `ready` (result) or `failed` (error). Needs a role other than Viewer in the account (or staff; Viewer → 403, no role → 404) and the account feature `generative_ai` (else 403 `featureDisabled`).
         */
        post: operations["postGenAiAnalyzeNavigation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gen-ai/analyze-navigation/stream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Analyze a website, streaming the progress
         * @description The streaming variant (spec 001 §7): creates the same job as `POST /gen-ai/analyze-navigation` and answers `text/event-stream`, one event per line `data: <AiStreamEvent json>` followed by a blank line: first `{type:'status', status:'queued', jobId}`, then a `status` event per status the job enters, when ready `source_info`, `scripts`, `navigation` and `status: ready`, on failure `{type:'error', message}`; the last line is `data: [DONE]`. A client whose stream breaks polls `GET /gen-ai/status/{jobId}`. Errors before the stream starts (rights, validation) are JSON as usual. Needs a role other than Viewer in the account (or staff; Viewer → 403, no role → 404) and the account feature `generative_ai` (else 403 `featureDisabled`).
         */
        post: operations["postGenAiAnalyzeNavigationStream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gen-ai/script": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a video script (AI URL wizard)
         * @description Starts a script generation job for the chosen script option (spec 001 §2 step 4): body `GenerateScriptBody` (sourceInfo, details, navigation, scriptType, tone default persuasive, language default en). Without `sourceInfo` → 422 'Missing source information' (`errors.sourceInfo`). The result is `ScriptResult` `{ sourceInfo, script }`. 202 `{ jobId, type: 'script', status: 'queued' }`. Poll `GET /gen-ai/status/{jobId}` until `ready` (result) or `failed` (error). Needs a role other than Viewer in the account (or staff; Viewer → 403, no role → 404) and the account feature `generative_ai` (else 403 `featureDisabled`).
         */
        post: operations["postGenAiScript"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gen-ai/prompt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a video script from a prompt (AI prompt wizard)
         * @description Starts a prompt job (spec 001 §2 "AI prompt wizard"): prompt (non-empty: 'Please enter a prompt'), tone, language, botName; with `feedback` and `previousScript` it improves that script. Source keywords fall back to the prompt's first 5 words. The result is `ScriptResult`. 202 `{ jobId, type: 'prompt', status: 'queued' }`. Poll `GET /gen-ai/status/{jobId}` until `ready` (result) or `failed` (error). Needs a role other than Viewer in the account (or staff; Viewer → 403, no role → 404) and the account feature `generative_ai` (else 403 `featureDisabled`).
         */
        post: operations["postGenAiPrompt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gen-ai": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate a script, or create the vidbot from a script
         * @description Spec 001 §7 `POST /gen-ai`. With `script` (`CreateFromScriptBody`: accountId, botName, sourceInfo, script, genAIType) → creates a **Private** vidbot whose revision 1 has one slide per script node (the entry node first as INTRO, VIDEO slides without media, description = text + "Video: " direction), a SLIDE button per internal link and an EXTERNAL_LINK action + button per external link; 201 `{ mainBotId }`, audited `bot.create`. Without `script` → as `POST /gen-ai/script` (202). Needs a role other than Viewer in the account (or staff; Viewer → 403, no role → 404) and the account feature `generative_ai` (else 403 `featureDisabled`).
         */
        post: operations["postGenAi"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gen-ai/status/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Read an AI job
         * @description The job (spec 001 §4): `status` walks the polling states (analysis: queued, fetching_url, analyzing_content, analyzing_source, generating_suggestions, analyzing_navigation, validating_urls, completed; scripts and avatars: queued, generating_script, completed) and ends `ready` with `result` or `failed` with `error` (an English sentence). `progress` 0..1. Avatar jobs (`POST /generate/avatar`) are read here too. Any caller who may use the job's account; others (and unknown ids) 404.
         */
        get: operations["getGenAiStatusById"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/tus": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Create a resumable (tus 1.0.0) video upload
         * @description tus creation (and creation-with-upload). Header `Account-Id` names the account (Owner, Admin, Editor); `Upload-Metadata` carries `name` and `type` (SlideVideo, LogoVideo) and optionally `replaces` (a media id). Answers 201 with `Location: /api/media/tus/{uploadId}` and creates a Draft media row; the finished upload is processed like a multipart one.
         */
        post: {
            parameters: {
                query?: never;
                header: {
                    "Tus-Resumable": string;
                    "Upload-Length"?: string;
                    "Upload-Metadata"?: string;
                    "Account-Id"?: string;
                };
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Created; `Location` names the upload. */
                201: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description No token */
                401: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
                /** @description Bad metadata or Account-Id */
                422: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content: {
                        "application/json": unknown;
                    };
                };
            };
        };
        delete?: never;
        /** tus capabilities */
        options: {
            parameters: {
                query?: never;
                header?: never;
                path?: never;
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Tus-Version, Tus-Extension, Tus-Max-Size */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/tus/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: string;
            };
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** tus: abort an upload */
        delete: {
            parameters: {
                query?: never;
                header: {
                    "Tus-Resumable": string;
                };
                path: {
                    uploadId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description Aborted */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        options?: never;
        /** tus: offset of an upload */
        head: {
            parameters: {
                query?: never;
                header: {
                    "Tus-Resumable": string;
                };
                path: {
                    uploadId: string;
                };
                cookie?: never;
            };
            requestBody?: never;
            responses: {
                /** @description `Upload-Offset`, `Upload-Length` */
                200: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Unknown upload */
                404: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        /** tus: append bytes to an upload */
        patch: {
            parameters: {
                query?: never;
                header: {
                    "Tus-Resumable": string;
                    "Upload-Offset"?: string;
                };
                path: {
                    uploadId: string;
                };
                cookie?: never;
            };
            requestBody: {
                content: {
                    "application/offset+octet-stream": string;
                };
            };
            responses: {
                /** @description New `Upload-Offset` */
                204: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
                /** @description Offset mismatch */
                409: {
                    headers: {
                        [name: string]: unknown;
                    };
                    content?: never;
                };
            };
        };
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AiGeneratorInfo: {
            /** @enum {string} */
            generator: "extractive" | "openai";
            model: string | null;
            /** @enum {string} */
            avatarProvider: "ffmpeg" | "heygen";
        };
        RuntimeConfig: {
            userPoolId: string;
            userPoolClientId: string;
            userPoolEndpoint: string;
            region: string;
            sentryDsn: string | null;
            previewAllowedOrigins: string[];
            publicUrl?: string;
            oauth: {
                domain: string;
                scopes: string[];
                redirectSignIn: string[];
                redirectSignOut: string[];
                /** @constant */
                responseType: "code";
            } | null;
            google: boolean;
            googleDrive: boolean;
            mediaProcessing: {
                video: boolean;
                images: boolean;
                message?: string;
            };
            ai?: components["schemas"]["AiGeneratorInfo"];
        };
        ErrorBody: {
            detail: string;
            code?: string;
            errors?: {
                [key: string]: string;
            };
        };
        InvitationInfo: {
            email: string;
            userId: number;
            accountId: number;
            accountName: string;
            accountPublicId: string;
            roleId: number;
            /** @enum {string} */
            role: "Owner" | "Admin" | "Editor" | "Viewer" | "Reseller";
            hasPassword: boolean;
            /** Format: date-time */
            expiresAt: string;
        };
        JoinResult: {
            userId: number;
            email: string;
            accountId: number;
            accountPublicId: string;
            roleId: number;
            /** @enum {string} */
            role: "Owner" | "Admin" | "Editor" | "Viewer" | "Reseller";
            /** @constant */
            status: "Active";
        };
        ResolvedSlide: {
            id: number;
            name: string;
            description?: string | null;
            /** @enum {string} */
            category: "INTRO" | "SLIDE";
            /** @enum {string} */
            type: "VIDEO" | "IMAGE";
            /** @default null */
            videoId: number | null;
            /** @default null */
            imageId: number | null;
            filename?: string | null;
            language?: string | null;
            imageAnimation?: {
                /** @enum {string} */
                type: "PAN" | "ZOOM_OUT";
                duration: number;
                repeat?: boolean | number;
            } | null;
            isNew?: boolean;
            options: {
                id: number;
                name: string;
                /** @enum {string} */
                type: "SLIDE" | "REGULAR_FORM" | "EXTERNAL_LINK" | "POST_MESSAGE" | "CLOSE_VIDBOT" | "SHARE_MEDIA";
                /** @default null */
                targetId: number | null;
                featured?: boolean;
                videoEndListener?: boolean;
                videoEndAutoplay?: boolean;
                trackConversion?: boolean;
            }[];
            videoUrl: string | null;
            posterUrl: string | null;
            imageUrl: string | null;
            duration: number | null;
            captions: {
                id: number;
                languageCode: string;
                url: string;
            }[];
        };
        SubmitButton: {
            /** @enum {string} */
            type: "CLOSE_FORM" | "THANK_YOU_PAGE" | "CLOSE_VIDBOT" | "SLIDE";
            slideId?: number | null;
        };
        ThankYouPage: {
            /** @enum {string} */
            type: "DEFAULT" | "CUSTOM";
            description?: string | null;
            /** @enum {string} */
            buttonType?: "CLOSE_FORM" | "CLOSE_VIDBOT" | "SLIDE" | "EXTERNAL_LINK";
            buttonName?: string | null;
            slideId?: number | null;
            externalLinkType?: ("tel" | "mailto" | "url" | "deep_link" | "relative_path") | null;
            url?: string | null;
            linkType?: ("new_tab" | "embed" | "same_tab") | null;
        };
        RadioOption: {
            id: number;
            label: string;
        };
        FormField: {
            id: number;
            name: string;
            /** @enum {string} */
            type: "text" | "email" | "textarea" | "general_checkbox" | "radio_button" | "external_link" | "postal_code_fi";
            label: string;
            required?: boolean;
            externalLinkType?: ("tel" | "mailto" | "url" | "deep_link" | "relative_path") | null;
            url?: string | null;
            linkType?: ("new_tab" | "embed" | "same_tab") | null;
            showAfterSubmit?: boolean;
            options?: components["schemas"]["RadioOption"][];
        };
        PublicRegularFormAction: {
            id: number;
            name: string;
            isNew?: boolean;
            /** @constant */
            type: "REGULAR_FORM";
            description: string;
            customPrivacyPolicy?: {
                enabled: boolean;
                url?: string | null;
            } | null;
            button?: components["schemas"]["SubmitButton"] | null;
            thankYouPage?: components["schemas"]["ThankYouPage"] | null;
            /** @default [] */
            fields: components["schemas"]["FormField"][];
        };
        ExternalLinkAction: {
            id: number;
            name: string;
            isNew?: boolean;
            /** @constant */
            type: "EXTERNAL_LINK";
            url: string;
            /** @enum {string} */
            externalLinkType: "tel" | "mailto" | "url" | "deep_link" | "relative_path";
            /** @enum {string} */
            linkType: "new_tab" | "embed" | "same_tab";
        };
        PostMessageAction: {
            id: number;
            name: string;
            isNew?: boolean;
            /** @constant */
            type: "POST_MESSAGE";
            value: string;
        };
        CloseVidbotAction: {
            id: number;
            name: string;
            isNew?: boolean;
            /** @constant */
            type: "CLOSE_VIDBOT";
        };
        SharedMedia: {
            id: number;
            name?: string;
            type?: string;
            url?: string | null;
            thumbnailUrl?: string | null;
            duration?: number | null;
        };
        ShareMediaAction: {
            id: number;
            name: string;
            isNew?: boolean;
            /** @constant */
            type: "SHARE_MEDIA";
            mediaId: number;
            value?: string | null;
            button?: components["schemas"]["SubmitButton"] | null;
            thankYouPage?: components["schemas"]["ThankYouPage"] | null;
            media?: components["schemas"]["SharedMedia"] | null;
        };
        PublicAction: components["schemas"]["PublicRegularFormAction"] | components["schemas"]["ExternalLinkAction"] | components["schemas"]["PostMessageAction"] | components["schemas"]["CloseVidbotAction"] | components["schemas"]["ShareMediaAction"];
        WidgetSettings: {
            chatVideoId: number | null;
            chatVideoCrop: {
                x: number;
                y: number;
                scale: number;
            } | null;
            coverOffset: number;
            height: number;
            width: number;
            /** @enum {string} */
            align: "bottom_right" | "bottom_left" | "top_right" | "top_left";
            verticalOffset: number;
            horizontalOffset: number;
            loopLimit: number;
            borderColor: string;
            horizontalMode: boolean;
            horizontalModeMobile: boolean;
            thumbnail: {
                /** @enum {string} */
                thumbnailType: "frame" | "custom";
                slide: number | null;
                time: number;
                widgetThumbnailId?: number | null;
            };
            /** @enum {string} */
            language: "en" | "fi" | "nl" | "fr" | "de";
            text: string;
            textDurationMs: number;
            ctaTextColor: string;
            ctaBackgroundColor: string;
            hideCtaMobile: boolean;
            /** @enum {string} */
            hideOnScroll: "mobile" | "both" | "none";
            automaticallyOpen: boolean;
            openAfter: number;
            autoplayMuted: boolean;
            closeButtonEnabled: boolean;
            vidbotScheduler: {
                enabled: boolean;
                startTime?: string | null;
                endTime?: string | null;
            };
            stylesRaw?: string | null;
        };
        IframeSettings: {
            /** @enum {string} */
            language: "en" | "fi" | "nl" | "fr" | "de";
            width: number;
            height: number;
            thumbnail: {
                /** @enum {string} */
                thumbnailType: "frame" | "custom";
                slide: number | null;
                time: number;
                widgetThumbnailId?: number | null;
            };
            autoplayOnScroll: boolean;
            hideActionButtonsUntilPlay: boolean;
        };
        AdSettings: {
            /** @enum {string} */
            placement: "doubleMpu" | "mpu" | "interstitial" | "billboard";
            horizontalDesktopLayout: boolean;
            /** @enum {string} */
            adPlatform: "adform" | "xandr" | "dv360" | "custom";
            consentString?: string | null;
            clickTag?: string | null;
            impressionTag?: string | null;
            /** @enum {string} */
            language: "en" | "fi" | "nl" | "fr" | "de";
            thumbnail: {
                slide: number | null;
                time: number;
            };
            autoplayOnScroll: boolean;
            loopIntroSlide: boolean;
        };
        LinkSettings: {
            /** @enum {string} */
            language: "en" | "fi" | "nl" | "fr" | "de";
            slideId: number | null;
            thumbnail: {
                /** @enum {string} */
                thumbnailType: "frame" | "custom";
                slide: number | null;
                time: number;
                widgetThumbnailId?: number | null;
            } | null;
            autoplayMuted: boolean;
            hideActionButtonsUntilPlay: boolean;
        };
        AnalyticsIntegrationSettings: {
            jsInjectEnabled: boolean;
            ga4Id?: string | null;
            gtmId?: string | null;
            /** @enum {string} */
            adStorage: "granted" | "denied";
            /** @enum {string} */
            analyticsStorage: "granted" | "denied";
            /** @enum {string} */
            functionalityStorage: "granted" | "denied";
            /** @enum {string} */
            personalizationStorage: "granted" | "denied";
            /** @enum {string} */
            securityStorage: "granted" | "denied";
        };
        UrlMap: {
            /**
             * @default exact
             * @enum {string}
             */
            matchType: "exact" | "prefix" | "wildcard" | "regex";
            url: string;
            botId: number;
        };
        BotSettings: {
            seoMeta: {
                title?: string | null;
                description?: string | null;
                isIndexingDisabled: boolean;
            };
            widgetSettings: components["schemas"]["WidgetSettings"];
            iframeSettings: components["schemas"]["IframeSettings"];
            adSettings: components["schemas"]["AdSettings"];
            linkSettings: components["schemas"]["LinkSettings"];
            metaTrackingSettings: {
                enabled: boolean;
                pixelId?: string | null;
            };
            isCompanyProfileEnabled: boolean;
            isShareDisabled: boolean;
            isLikesEnabled: boolean;
            isWatermarkDisabled: boolean;
            logoId: number | null;
            widgetCoverId: number | null;
            thumbnailCoverId: number | null;
            isHorizontalCoverEnabled: boolean;
            thumbnailDescription?: string | null;
            thumbnailDescriptionColor: string | null;
            isCaptionEnabled: boolean;
            isCaptionOnPauseEnabled: boolean;
            /** @enum {string} */
            language: "en" | "fi";
            isAnalyticEnabled: boolean;
            isAnalyticsConsentRequired: boolean;
            analyticsIntegrationSettings: components["schemas"]["AnalyticsIntegrationSettings"];
            /** @enum {string} */
            analyticsIntegration: "none" | "direct_ga4" | "direct_gtm" | "parent_ga4" | "parent_gtm";
            urlMapsSettings: {
                enabled: boolean;
                defaultBotDisabled: boolean;
            };
            urlMaps: components["schemas"]["UrlMap"][];
            useCase?: string | null;
            companyName?: string | null;
            iframeThumbnail?: string | null;
            linkThumbnail?: string | null;
        };
        PlayerAnalytics: {
            enabled: boolean;
            consentRequired: boolean;
            /** @enum {string} */
            integration: "none" | "direct_ga4" | "direct_gtm" | "parent_ga4" | "parent_gtm";
            ga4Id: string | null;
            gtmId: string | null;
            consentDefaults: {
                /** @enum {string} */
                ad_storage: "granted" | "denied";
                /** @enum {string} */
                analytics_storage: "granted" | "denied";
                /** @enum {string} */
                functionality_storage: "granted" | "denied";
                /** @enum {string} */
                personalization_storage: "granted" | "denied";
                /** @enum {string} */
                security_storage: "granted" | "denied";
            };
        };
        PlayerBot: {
            id: number;
            publicId: string;
            name: string;
            revisionId: number;
            revNumber: number;
            slides: components["schemas"]["ResolvedSlide"][];
            actions: components["schemas"]["PublicAction"][];
            theme: {
                [key: string]: unknown;
            };
            settings: components["schemas"]["BotSettings"];
            customCss: string | null;
            directUrl: string;
            logoUrl: string | null;
            analytics: components["schemas"]["PlayerAnalytics"];
        };
        FormSubmissionCreated: {
            submissionId: string;
        };
        FormSubmissionBody: {
            /** Format: uuid */
            submissionId: string;
            revisionId: number | null;
            actionId: number;
            values: {
                [key: string]: string | boolean | string[];
            };
            /** @enum {string} */
            lang?: "en" | "fi";
        };
        BubbleSettings: {
            width: number;
            height: number;
            /** @enum {string} */
            align: "bottom_right" | "bottom_left" | "top_right" | "top_left";
            verticalOffset: number;
            horizontalOffset: number;
            borderColor: string;
            horizontalMode: boolean;
            horizontalModeMobile: boolean;
            coverOffset: number;
            chatVideoCrop: {
                x: number;
                y: number;
                scale: number;
            } | null;
            loopLimit: number;
            text: string;
            textDurationMs: number;
            ctaTextColor: string;
            ctaBackgroundColor: string;
            hideCtaMobile: boolean;
            /** @enum {string} */
            hideOnScroll: "mobile" | "both" | "none";
            automaticallyOpen: boolean;
            openAfter: number;
            autoplayMuted: boolean;
            closeButtonEnabled: boolean;
        };
        WidgetConfig: {
            /** @constant */
            show: true;
            publicId: string;
            name: string;
            lang: string;
            frameUrl: string;
            chatVideoUrl: string | null;
            posterUrl: string | null;
            settings: components["schemas"]["BubbleSettings"];
            vars: {
                [key: string]: string;
            };
            css: string;
            customCss: string | null;
            /** @enum {string} */
            handoff?: "ga4" | "gtm";
        } | {
            /** @constant */
            show: false;
            /** @enum {string} */
            reason: "no_widget_video" | "not_mapped" | "mapped_bot_unavailable" | "outside_schedule";
        };
        CarouselConfig: {
            publicId: string;
            sliderId: number;
            name: string;
            /** @enum {string} */
            type: "Slider" | "Card" | "Thumbnail";
            appearance: {
                arrows: boolean;
                bullets: boolean;
                infinite: boolean;
                autoPreview: boolean;
                horizontalMode: boolean;
                /** @enum {string} */
                align: "Left" | "Right" | "Center";
                descriptionEnabled: boolean;
                /** @enum {string} */
                descriptionPosition: "Top" | "Bottom";
                playerBackgroundColor: string;
                radius: number;
                thumbnailSize: number | null;
                stylesRaw?: string;
            };
            visible: {
                mobile: number;
                tablet: number;
                desktop: number;
            };
            breakpoints: {
                tablet: number;
                desktop: number;
            };
            isAutoSwipe: boolean;
            customCss: string | null;
            css: string;
            analytics: {
                enabled: boolean;
                consentRequired: boolean;
                /** @enum {string} */
                integration: "none" | "direct_ga4" | "direct_gtm" | "parent_ga4" | "parent_gtm";
                overrideBotSettings: boolean;
            };
            items: {
                botPublicId: string;
                botId: number;
                name: string;
                description: string;
                coverUrl: string | null;
                previewVideoUrl: string | null;
                frameUrl: string;
            }[];
        };
        EventAck: {
            accepted: number;
            duplicates: number;
            dropped: number;
        };
        DriveFile: {
            id: string;
            name: string;
            thumbnailLink: string | null;
            mimeType: string;
            size: number | null;
            modifiedTime: string;
        };
        CrmAuthStart: {
            authorizeUrl: string;
        };
        CrmIntegration: {
            /** @enum {string} */
            integrationType: "hubspot" | "linear" | "pipedrive" | "salesforce";
            /** @enum {string} */
            auth: "oauth" | "apiKey";
            enabled: boolean;
            configured: boolean;
            /** @enum {string} */
            state: "not_connected" | "connected" | "error";
            details: {
                user: string | null;
            };
            error: string | null;
            connectedAt: string | null;
        };
        CrmConnectBody: {
            code?: string;
            state?: string;
            apiKey?: string;
        };
        AccountIntegrations: {
            enabled: boolean;
            records: components["schemas"]["CrmIntegration"][];
            googleDrive: {
                enabled: boolean;
                configured: boolean;
                connected: boolean;
            };
        };
        CrmDelivery: {
            /** @enum {string} */
            integrationType: "hubspot" | "linear" | "pipedrive" | "salesforce";
            /** @enum {string} */
            state: "pending" | "retrying" | "delivered" | "failed";
            attempts: number;
            lastError: string | null;
            externalId: string | null;
            deliveredAt: string | null;
            nextAttemptAt: string | null;
        };
        OutboxMessage: {
            id: number;
            to: string;
            bcc: string | null;
            subject: string;
            text: string;
            html: string | null;
            kind: string;
            /** Format: date-time */
            createdAt: string;
            sentAt: string | null;
            error: string | null;
            /** @enum {string} */
            status: "captured" | "queued" | "sent" | "failed";
            attempts: number;
        };
        ListMetadata: {
            page: number;
            pageSize: number;
            pageCount: number;
            totalCount: number;
        };
        AuditEvent: {
            id: number;
            /** Format: date-time */
            createdAt: string;
            accountId: number | null;
            userId: number | null;
            userName: string | null;
            userEmail: string | null;
            type: string;
            target: string;
            targetId: number | null;
            targetName: string | null;
            details: {
                [key: string]: unknown;
            };
        };
        UserRole: {
            id: number;
            accountId: number;
            /** @enum {string} */
            role: "Owner" | "Admin" | "Editor" | "Viewer" | "Reseller";
            /** @enum {string} */
            status: "Active" | "Invited";
        };
        SsoConfig: {
            id: number;
            name: string;
            domain: string;
            provider: string;
            /** @enum {string} */
            status: "active" | "disabled";
            issuerUrl: string | null;
            clientId: string | null;
            hasClientSecret: boolean;
            /** Format: date-time */
            createdAt: string;
            ssoProvisions: {
                id: number;
                accountId: number;
                account: {
                    businessName: string;
                };
                /** @enum {string} */
                defaultRole: "Viewer" | "Editor";
            }[];
        };
        AccountUser: {
            id: number;
            email: string;
            firstName: string | null;
            lastName: string | null;
            external: boolean;
            multifactor: boolean;
            roleId: number;
            /** @enum {string} */
            role: "Owner" | "Admin" | "Editor" | "Viewer" | "Reseller";
            /** @enum {string} */
            status: "Active" | "Invited";
            /** Format: date-time */
            createdAt: string;
        };
        Role: {
            id: number;
            userId: number;
            accountId: number;
            /** @enum {string} */
            role: "Owner" | "Admin" | "Editor" | "Viewer" | "Reseller";
            /** @enum {string} */
            status: "Active" | "Invited";
        };
        CreatedMedia: {
            id: number;
            accountId: number;
            name: string;
            /** @enum {string} */
            type: "SlideVideo" | "LogoVideo" | "SlideImage" | "LogoImage" | "CoverImage" | "ProfileImage";
            /** @enum {string} */
            mediaType: "VIDEO" | "IMAGE";
            /** @enum {string} */
            status: "Draft" | "Ready" | "Error";
            url: string | null;
            thumbnailUrl: string | null;
            previewUrl: string | null;
            duration: number | null;
            width: number | null;
            height: number | null;
            size: number | null;
            createdAt: string;
            errorReason: string | null;
            crop: {
                x: number;
                y: number;
                scale: number;
            };
            replacesId: number | null;
            captions: {
                id: number;
                languageCode: string;
                createdAt: string;
                url: string;
            }[];
            uploadUrl: {
                uploadUrl: string;
                uploadToken: string;
            };
        };
        Media: {
            id: number;
            accountId: number;
            name: string;
            /** @enum {string} */
            type: "SlideVideo" | "LogoVideo" | "SlideImage" | "LogoImage" | "CoverImage" | "ProfileImage";
            /** @enum {string} */
            mediaType: "VIDEO" | "IMAGE";
            /** @enum {string} */
            status: "Draft" | "Ready" | "Error";
            url: string | null;
            thumbnailUrl: string | null;
            previewUrl: string | null;
            duration: number | null;
            width: number | null;
            height: number | null;
            size: number | null;
            createdAt: string;
            errorReason: string | null;
            crop: {
                x: number;
                y: number;
                scale: number;
            };
            replacesId: number | null;
            captions: {
                id: number;
                languageCode: string;
                createdAt: string;
                url: string;
            }[];
        };
        AnalyticsRow: {
            botId: number;
            publicId: string;
            bot: string;
            accountId: number;
            accountName: string;
            /** @enum {string} */
            status: "Draft" | "Published" | "Deactivated";
            /** @enum {string} */
            liveStatus: "live" | "offline" | "inactive";
            authorEmail: string | null;
            session: number;
            opened: number;
            engaged: number;
            cta: number;
            watched: number;
            iframeViewed: number;
            widgetViewed: number;
            directIntroViewed: number;
            iframeIntroViewed: number;
            widgetIntroViewed: number;
            sliderIntroViewed: number;
            sliderSession: number;
            sliderPlayed: number;
            introActions: number;
            contacted: number;
            formSubmitted: number;
            watermarkClicked: number;
            liked: number;
            impressions: number;
            adClicks: number;
            ctr: number | null;
            ctaRate: number | null;
            engagementRate: number | null;
        };
        AnalyticsTotals: {
            from: string;
            to: string;
            channel: ("direct" | "iframe" | "widget" | "slider" | "display_ad") | null;
            bots: number;
            session: number;
            opened: number;
            engaged: number;
            cta: number;
            watched: number;
            iframeViewed: number;
            widgetViewed: number;
            directIntroViewed: number;
            iframeIntroViewed: number;
            widgetIntroViewed: number;
            sliderIntroViewed: number;
            sliderSession: number;
            sliderPlayed: number;
            introActions: number;
            contacted: number;
            formSubmitted: number;
            watermarkClicked: number;
            liked: number;
            impressions: number;
            adClicks: number;
            ctr: number | null;
            ctaRate: number | null;
            engagementRate: number | null;
            avgEngagementRate: number | null;
            medianEngagementRate: number | null;
        };
        AnalyticsSliderRow: {
            sliderId: number;
            sliderName: string;
            bots: number;
            session: number;
            opened: number;
            engaged: number;
            cta: number;
            watched: number;
            iframeViewed: number;
            widgetViewed: number;
            directIntroViewed: number;
            iframeIntroViewed: number;
            widgetIntroViewed: number;
            sliderIntroViewed: number;
            sliderSession: number;
            sliderPlayed: number;
            introActions: number;
            contacted: number;
            formSubmitted: number;
            watermarkClicked: number;
            liked: number;
            impressions: number;
            adClicks: number;
            ctr: number | null;
            ctaRate: number | null;
            engagementRate: number | null;
        };
        AnalyticsChartPoint: {
            day: string;
            analytics: {
                session: number;
                sliderSession: number;
                opened: number;
            };
        };
        AnalyticsReport: {
            from: string;
            to: string;
            channel: ("direct" | "iframe" | "widget" | "slider" | "display_ad") | null;
            bots: {
                id: number;
                name: string;
            }[];
            users: {
                id: number;
                email: string;
            }[];
            watermark: boolean;
            rows: components["schemas"]["AnalyticsRow"][];
            sliders: components["schemas"]["AnalyticsSliderRow"][];
            totals: components["schemas"]["AnalyticsTotals"];
            points: components["schemas"]["AnalyticsChartPoint"][];
        };
        BotAnalyticsDetail: {
            botId: number;
            name: string;
            from: string;
            to: string;
            channel: ("direct" | "iframe" | "widget" | "slider" | "display_ad") | null;
            slides: {
                slideId: number;
                name: string;
                played: number;
                liked: number;
                watched: number;
            }[];
            actions: {
                slideId: number;
                slideName: string;
                optionId: number;
                actionName: string;
                actionClicked: number;
            }[];
            sources: {
                source: string;
                session: number;
                opened: number;
            }[];
            transitions: {
                from: number;
                fromName: string;
                to: number;
                toName: string;
                count: number;
            }[];
            paths: {
                slides: {
                    id: number;
                    name: string;
                }[];
                sessions: number;
                share: number;
            }[];
            dropOff: {
                slideId: number;
                name: string;
                reached: number;
                endedHere: number;
                dropOffRate: number | null;
            }[];
        };
        AnalyticsSettings: {
            analyticsDefaultChannel: ("direct" | "iframe" | "widget" | "slider" | "display_ad") | null;
            analyticsDisplayFields: {
                email: boolean;
                cta: boolean;
                watermark_clicked: boolean;
            };
        };
        AdminAnalyticsRow: {
            botId: number;
            publicId: string;
            bot: string;
            accountId: number;
            accountName: string;
            /** @enum {string} */
            status: "Draft" | "Published" | "Deactivated";
            /** @enum {string} */
            liveStatus: "live" | "offline" | "inactive";
            authorEmail: string | null;
            session: number;
            opened: number;
            engaged: number;
            cta: number;
            watched: number;
            iframeViewed: number;
            widgetViewed: number;
            directIntroViewed: number;
            iframeIntroViewed: number;
            widgetIntroViewed: number;
            sliderIntroViewed: number;
            sliderSession: number;
            sliderPlayed: number;
            introActions: number;
            contacted: number;
            formSubmitted: number;
            watermarkClicked: number;
            liked: number;
            impressions: number;
            adClicks: number;
            ctr: number | null;
            ctaRate: number | null;
            engagementRate: number | null;
            businessType: string | null;
            useCase: string | null;
        };
        BillingRow: {
            accountId: number;
            accountName: string;
            logo: string | null;
            botId: number | null;
            publicId: string | null;
            botName: string | null;
            impressions: number;
            hasAdFeature: boolean;
            hasFeatureOnly: boolean;
        };
        WidgetContent: {
            /** @enum {string} */
            type: "Slider" | "Card" | "Thumbnail";
            /** @enum {string} */
            contentType: "All" | "Selected" | "ByTags";
            /** @enum {string} */
            contentSortBy: "Latest" | "Random" | "Custom";
            selectedBotIds: number[];
            selectedTagIds: number[];
            appearanceSettings: {
                arrows: boolean;
                bullets: boolean;
                infinite: boolean;
                autoPreview: boolean;
                horizontalMode: boolean;
                /** @enum {string} */
                align: "Left" | "Right" | "Center";
                descriptionEnabled: boolean;
                /** @enum {string} */
                descriptionPosition: "Top" | "Bottom";
                playerBackgroundColor: string;
                radius: number;
                thumbnailSize: number | null;
                stylesRaw: string;
            };
            cardsVisible: {
                mobile: number;
                tablet: number;
                desktop: number;
            };
            slidesVisible: {
                mobile: number;
                tablet: number;
                desktop: number;
            };
            thumbnailsVisible: {
                mobile: number;
                tablet: number;
                desktop: number;
            };
            breakpoints: {
                tablet: number;
                desktop: number;
            };
            isAutoSwipe: boolean;
            isAnalyticsEnabled: boolean;
            isAnalyticsConsentRequired: boolean;
            /** @enum {string} */
            analyticsIntegration: "none" | "direct_ga4" | "direct_gtm" | "parent_ga4" | "parent_gtm";
            analyticsIntegrationSettings: {
                jsInjectEnabled: boolean;
                ga4Id?: string | null;
                gtmId?: string | null;
                /** @enum {string} */
                adStorage: "granted" | "denied";
                /** @enum {string} */
                analyticsStorage: "granted" | "denied";
                /** @enum {string} */
                functionalityStorage: "granted" | "denied";
                /** @enum {string} */
                personalizationStorage: "granted" | "denied";
                /** @enum {string} */
                securityStorage: "granted" | "denied";
                overrideBotSettings: boolean;
            };
        };
        LiveStatusRow: {
            id: number;
            publicId: string;
            name: string;
            accountId: number;
            accountName: string;
            /** @enum {string} */
            status: "Draft" | "Published" | "Deactivated";
            /** @enum {string} */
            liveStatus: "live" | "offline" | "inactive";
            lastViewedAt: string | null;
            sessions7d: number;
        };
        TagRef: {
            id: number;
            name: string;
        };
        BotListItem: {
            id: number;
            publicId: string;
            accountId: number;
            name: string;
            /** @enum {string} */
            status: "Draft" | "Published" | "Deactivated";
            /** @enum {string} */
            privacy: "Public" | "Private";
            isStarred: boolean;
            author: {
                id: number;
                email: string;
            } | null;
            createdAt: string;
            updatedAt: string;
            posterUrl: string | null;
            slideCount: number;
            hasDraft: boolean;
            revNumber: number | null;
            revisionStatus: ("Draft" | "Published" | "Archived") | null;
            botRevisionId: number | null;
            /** @enum {string} */
            liveStatus: "live" | "offline" | "inactive";
            tagsList: components["schemas"]["TagRef"][];
        };
        RegularFormAction: {
            id: number;
            name: string;
            isNew?: boolean;
            /** @constant */
            type: "REGULAR_FORM";
            description: string;
            email: string;
            emailBcc?: string | null;
            subject: string;
            customPrivacyPolicy?: {
                enabled: boolean;
                url?: string | null;
            } | null;
            hubspot?: {
                enabled: boolean;
                campaignId?: string | null;
            } | null;
            linear?: {
                enabled: boolean;
            } | null;
            pipedrive?: {
                enabled: boolean;
                titleValue?: string | null;
                personId?: (number | null) | null;
            } | null;
            salesforce?: {
                enabled: boolean;
                status?: string | null;
                leadSource?: string | null;
            } | null;
            button?: components["schemas"]["SubmitButton"] | null;
            thankYouPage?: components["schemas"]["ThankYouPage"] | null;
            /** @default [] */
            fields: components["schemas"]["FormField"][];
        };
        Action: components["schemas"]["RegularFormAction"] | components["schemas"]["ExternalLinkAction"] | components["schemas"]["PostMessageAction"] | components["schemas"]["CloseVidbotAction"] | components["schemas"]["ShareMediaAction"];
        Bot: {
            id: number;
            publicId: string;
            accountId: number;
            name: string;
            /** @enum {string} */
            status: "Draft" | "Published" | "Deactivated";
            /** @enum {string} */
            privacy: "Public" | "Private";
            isStarred: boolean;
            author: {
                id: number;
                email: string;
            } | null;
            createdAt: string;
            updatedAt: string;
            posterUrl: string | null;
            slideCount: number;
            hasDraft: boolean;
            revNumber: number | null;
            revisionStatus: ("Draft" | "Published" | "Archived") | null;
            botRevisionId: number | null;
            /** @enum {string} */
            liveStatus: "live" | "offline" | "inactive";
            tagsList: components["schemas"]["TagRef"][];
            publishedRevisionId: number | null;
            slides: components["schemas"]["ResolvedSlide"][];
            actions: components["schemas"]["Action"][];
            theme: {
                [key: string]: unknown;
            };
            settings: components["schemas"]["BotSettings"];
        };
        BotGraph: {
            startSlideId: number | null;
            nodes: ({
                id: string;
                /** @constant */
                kind: "slide";
                slideId: number;
                name: string;
                /** @enum {string} */
                category: "INTRO" | "SLIDE";
                reachable: boolean;
            } | {
                id: string;
                /** @constant */
                kind: "action";
                actionId: number;
                name: string;
                /** @enum {string} */
                actionType: "REGULAR_FORM" | "EXTERNAL_LINK" | "POST_MESSAGE" | "CLOSE_VIDBOT" | "SHARE_MEDIA";
                reachable: boolean;
            } | {
                id: string;
                /** @constant */
                kind: "end";
                reachable: boolean;
            })[];
            edges: {
                from: string;
                to: string;
                slideId: number;
                optionId: number;
                name: string;
                /** @enum {string} */
                type: "SLIDE" | "REGULAR_FORM" | "EXTERNAL_LINK" | "POST_MESSAGE" | "CLOSE_VIDBOT" | "SHARE_MEDIA";
                videoEnd: boolean;
            }[];
            unreachable: {
                slideIds: number[];
                actionIds: number[];
            };
            deadEnds: number[];
            loops: number[][];
            trapLoops: number[][];
            deletedTargets: {
                slideId: number;
                optionId: number;
                targetId: number | null;
                /** @enum {string} */
                targetKind: "slide" | "action";
            }[];
            pathCount: number;
            pathCountCapped: boolean;
        };
        BotSettingsInput: {
            seoMeta?: {
                title?: string | null;
                description?: string | null;
                isIndexingDisabled: boolean;
            };
            widgetSettings?: components["schemas"]["WidgetSettings"];
            iframeSettings?: components["schemas"]["IframeSettings"];
            adSettings?: {
                /** @enum {string} */
                placement: "doubleMpu" | "mpu" | "interstitial" | "billboard";
                horizontalDesktopLayout: boolean;
                /** @enum {string} */
                adPlatform: "adform" | "xandr" | "dv360" | "custom";
                consentString?: string | null;
                clickTag?: string | null;
                impressionTag?: string | null;
                /** @enum {string} */
                language: "en" | "fi" | "nl" | "fr" | "de";
                thumbnail: {
                    slide: number | null;
                    time: number;
                };
                autoplayOnScroll: boolean;
                loopIntroSlide: boolean;
            };
            linkSettings?: components["schemas"]["LinkSettings"];
            metaTrackingSettings?: {
                enabled: boolean;
                pixelId?: string | null;
            };
            isCompanyProfileEnabled?: boolean;
            isShareDisabled?: boolean;
            isLikesEnabled?: boolean;
            isWatermarkDisabled?: boolean;
            logoId?: number | null;
            widgetCoverId?: number | null;
            thumbnailCoverId?: number | null;
            isHorizontalCoverEnabled?: boolean;
            thumbnailDescription?: string | null;
            thumbnailDescriptionColor?: string | null;
            isCaptionEnabled?: boolean;
            isCaptionOnPauseEnabled?: boolean;
            /** @enum {string} */
            language?: "en" | "fi";
            isAnalyticEnabled?: boolean;
            isAnalyticsConsentRequired?: boolean;
            analyticsIntegrationSettings?: components["schemas"]["AnalyticsIntegrationSettings"];
            /** @enum {string} */
            analyticsIntegration?: "none" | "direct_ga4" | "direct_gtm" | "parent_ga4" | "parent_gtm";
            urlMapsSettings?: {
                enabled: boolean;
                defaultBotDisabled: boolean;
            };
            urlMaps?: components["schemas"]["UrlMap"][];
            useCase?: string | null;
            companyName?: string | null;
            iframeThumbnail?: string | null;
            linkThumbnail?: string | null;
        };
        FormSubmission: {
            id: number;
            submissionId: string;
            botId: number;
            revisionId: number | null;
            actionId: number;
            formName: string;
            values: {
                [key: string]: string | boolean;
            };
            /** @enum {string} */
            language: "en" | "fi";
            /** Format: date-time */
            createdAt: string;
            deliveries: components["schemas"]["CrmDelivery"][];
        };
        TagListItem: {
            id: number;
            name: string;
            account_id: number;
            botCount: number;
        };
        Tag: {
            id: number;
            name: string;
            account_id: number;
        };
        WidgetListItem: {
            id: number;
            publicId: string;
            accountId: number;
            name: string;
            /** @enum {string} */
            type: "Slider" | "Card" | "Thumbnail";
            /** @enum {string} */
            status: "Draft" | "Published" | "Deactivated";
            /** @enum {string} */
            privacy: "Public" | "Private";
            author: {
                id: number;
                email: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            revNumber: number;
            revisionStatus: ("Draft" | "Published" | "Archived") | null;
            widgetRevisionId: number;
            hasDraft: boolean;
            /** @enum {string} */
            contentType: "All" | "Selected" | "ByTags";
            botCount: number;
        };
        Widget: {
            id: number;
            publicId: string;
            accountId: number;
            name: string;
            /** @enum {string} */
            type: "Slider" | "Card" | "Thumbnail";
            /** @enum {string} */
            status: "Draft" | "Published" | "Deactivated";
            /** @enum {string} */
            privacy: "Public" | "Private";
            author: {
                id: number;
                email: string;
            } | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            revNumber: number;
            revisionStatus: ("Draft" | "Published" | "Archived") | null;
            widgetRevisionId: number;
            hasDraft: boolean;
            /** @enum {string} */
            contentType: "All" | "Selected" | "ByTags";
            botCount: number;
            publishedRevisionId: number | null;
            content: components["schemas"]["WidgetContent"];
            canEdit: boolean;
            playUrl: string;
            embedCode: string;
        };
        Global: {
            languages: ("en" | "fi")[];
            roles: ("Owner" | "Admin" | "Editor" | "Viewer" | "Reseller")[];
            staffRoles: ("Super_Admin" | "Customer_Success")[];
            mediaKinds: ("SlideVideo" | "LogoVideo" | "SlideImage" | "LogoImage" | "CoverImage" | "ProfileImage")[];
            flagNames: ("integration" | "integration_hubspot" | "integration_linear" | "integration_pipedrive" | "integration_salesforce" | "integration_google_drive" | "google_analytics_cookies" | "vidbot_as_ads" | "new_widgets" | "widget_sync" | "no_cookies" | "url_map" | "company_profile" | "vidbot_scheduler" | "button_outline" | "likes" | "close_button" | "hide_share_button" | "hide_watermark" | "hide_widget_on_scroll" | "generative_ai" | "video_generation")[];
            version: string;
        };
        User: {
            id: number;
            email: string;
            firstName: string | null;
            lastName: string | null;
            phoneNumber: string | null;
            /** @enum {string} */
            language: "en" | "fi";
            profilePicture: null;
            multifactor: boolean;
            external: boolean;
            /** Format: date-time */
            createdAt: string;
            isSuperuser: boolean;
            isCustomerSuccess: boolean;
            isReseller: boolean;
            roles: components["schemas"]["UserRole"][];
            userIntegrations: {
                id: number;
                /** @constant */
                integrationType: "google";
                identifier: string;
            }[];
            hasGoogleDriveIntegration: boolean;
        };
        Account: {
            id: number;
            publicId: string;
            businessName: string;
            role: ("Owner" | "Admin" | "Editor" | "Viewer" | "Reseller") | null;
            roleId: number | null;
            roleStatus: ("Active" | "Invited") | null;
            /** @enum {string} */
            status: "Active" | "Suspended";
            color: string | null;
            options: {
                maxVideoDuration?: number | null;
                disableAnalytics?: boolean;
                analyticsConsentRequired?: boolean;
            };
            /** Format: date-time */
            createdAt: string;
        };
        AccountOwner: {
            id: number;
            email: string;
            firstName: string | null;
            lastName: string | null;
            /** @enum {string} */
            status: "Active" | "Invited";
        };
        AccountPerson: {
            id: number;
            email: string;
            firstName: string | null;
            lastName: string | null;
        };
        AccountDetail: {
            id: number;
            publicId: string;
            businessName: string;
            role: ("Owner" | "Admin" | "Editor" | "Viewer" | "Reseller") | null;
            roleId: number | null;
            roleStatus: ("Active" | "Invited") | null;
            /** @enum {string} */
            status: "Active" | "Suspended";
            color: string | null;
            options: {
                maxVideoDuration?: number | null;
                disableAnalytics?: boolean;
                analyticsConsentRequired?: boolean;
            };
            /** Format: date-time */
            createdAt: string;
            billingEmail: string | null;
            phoneNumber: string | null;
            businessId: string | null;
            taxId: string | null;
            address: string | null;
            zipCode: string | null;
            country: string | null;
            businessType: string | null;
            owner: components["schemas"]["AccountOwner"] | null;
            partner: components["schemas"]["AccountPerson"] | null;
            /** Format: date-time */
            updatedAt: string;
        };
        ProfileMedia: {
            id: number;
            url: string | null;
            posterUrl: string | null;
        };
        AccountProfile: {
            accountId: number;
            appearance: {
                logoId?: number | null;
                chatVideoId?: number | null;
                buttonTextColor?: string | null;
                buttonBackgroundColor?: string | null;
                stylesRaw?: string | null;
                logo: components["schemas"]["ProfileMedia"] | null;
                chatVideo: components["schemas"]["ProfileMedia"] | null;
            };
            profile: {
                companyName?: string | null;
                description?: string | null;
                coverId?: number | null;
                introductionId?: number | null;
                socialLinks?: {
                    url: string;
                    /** @enum {string} */
                    icon: "Linkedin" | "Facebook" | "Instagram" | "Tiktok" | "X" | "Website" | "WhatsApp" | "Telegram" | "Reddit" | "Calendly" | "Viber" | "Snapchat" | "Email" | "Pinterest" | "Youtube" | "Vimeo";
                    /** @enum {string} */
                    target?: "new_tab" | "same_tab";
                }[];
                actions?: ({
                    /** @constant */
                    type: "external_link";
                    name: string;
                    url: string;
                    /** @enum {string} */
                    style?: "standard" | "highlight";
                    /** @enum {string} */
                    target?: "new_tab" | "same_tab";
                    /** @enum {string} */
                    externalLinkType: "tel" | "mailto" | "url" | "deep_link" | "relative_path";
                } | {
                    /** @constant */
                    type: "contact_form";
                    name: string;
                    buttonText: string;
                    /** @enum {string} */
                    buttonStyle?: "standard" | "highlight";
                    title: string;
                    subject: string;
                    description: string;
                    emailTo: string[];
                    emailBcc?: string[];
                    fields?: {
                        name: string;
                        /** @enum {string} */
                        type: "text" | "email" | "tel" | "textarea";
                        required?: boolean;
                    }[];
                })[];
                cover: components["schemas"]["ProfileMedia"] | null;
                introduction: components["schemas"]["ProfileMedia"] | null;
            };
        };
        FeatureList: {
            features: string[];
        };
        FeatureFlag: {
            id: number;
            name: string;
            description: string | null;
            /** @enum {string} */
            flag_type: "embed" | "dashboard";
            is_everyone: boolean | null;
            is_superadmin: boolean | null;
            user_ids: number[];
            account_ids: number[];
            languages: string[];
            accounts: {
                id: number;
                businessName: string;
            }[];
            /** Format: date-time */
            created_at: string;
        };
        AvatarGroup: {
            id: string;
            name: string;
            numLooks: number;
            previewImage: string | null;
        };
        AvatarGroupList: {
            records: components["schemas"]["AvatarGroup"][];
            metadata: {
                page: number;
                pageSize: number;
                pageCount: number;
                totalCount: number;
            };
        };
        Avatar: {
            avatarId: string;
            avatarName: string;
            voiceId: string | null;
            previewImageUrl: string | null;
            previewVideoUrl: string | null;
        };
        AvatarList: {
            records: components["schemas"]["Avatar"][];
        };
        AvatarVoice: {
            voiceId: string;
            name: string;
            language: string;
        };
        AvatarVoiceList: {
            records: components["schemas"]["AvatarVoice"][];
        };
        AiJobCreated: {
            jobId: string;
            /** @enum {string} */
            type: "analyze" | "script" | "prompt" | "avatar";
            /** @enum {string} */
            status: "pending" | "queued" | "fetching_url" | "analyzing_content" | "analyzing_source" | "generating_suggestions" | "analyzing_navigation" | "validating_urls" | "generating_script" | "completed" | "ready" | "failed" | "error";
        };
        AvatarVideoRequest: {
            accountId: number;
            title: string;
            /**
             * @default {
             *       "width": 720,
             *       "height": 1280
             *     }
             */
            dimension: {
                /** @constant */
                width: 720;
                /** @constant */
                height: 1280;
            };
            /** @default true */
            caption: boolean;
            videoInputs: {
                character: {
                    /** @constant */
                    type: "talking_photo";
                    talkingPhotoId: string;
                    /** @enum {string} */
                    talkingPhotoStyle: "square" | "circle";
                    /**
                     * @default 1.1
                     * @constant
                     */
                    scale: 1.1;
                };
                voice: {
                    /** @constant */
                    type: "text";
                    /** @default null */
                    voiceId: string | null;
                    inputText: string;
                };
            }[];
        };
        AiAnalyzeNavigationBody: {
            accountId: number;
            url: string;
            /** @default website */
            scriptType: string;
            /**
             * @default en
             * @enum {string}
             */
            language: "en" | "fi";
        };
        AiNavigationLink: {
            name: string;
            url: string;
            callToAction: string;
            description: string;
        };
        AiScriptOption: {
            id: string;
            title: string;
            targetAudience: string;
            suggestedApproach: string;
            scriptCategory: string;
        };
        AiSourceInfo: {
            sourceName: string;
            sourceType: string;
            mainKeywords: string[];
        };
        AiGenerateScriptBody: {
            accountId: number;
            /**
             * @default en
             * @enum {string}
             */
            language: "en" | "fi";
            /** @default [] */
            navigation: components["schemas"]["AiNavigationLink"][];
            details: components["schemas"]["AiScriptOption"];
            /** @default website */
            scriptType: string;
            sourceInfo?: components["schemas"]["AiSourceInfo"];
            /**
             * @default persuasive
             * @enum {string}
             */
            tone: "persuasive" | "grounded" | "storytelling" | "bold";
        };
        AiScriptLink: {
            /** @constant */
            type: "internal";
            label: string;
            targetId: string;
        } | {
            /** @constant */
            type: "external";
            label: string;
            url: string;
        };
        AiScriptNode: {
            id: string;
            title: string;
            isEntryPoint: boolean;
            content: {
                text: string;
                videoDescription: string;
            };
            links: components["schemas"]["AiScriptLink"][];
        };
        AiScript: {
            nodes: components["schemas"]["AiScriptNode"][];
        };
        AiPromptBody: {
            accountId: number;
            prompt: string;
            /**
             * @default persuasive
             * @enum {string}
             */
            tone: "persuasive" | "grounded" | "storytelling" | "bold";
            /**
             * @default en
             * @enum {string}
             */
            language: "en" | "fi";
            botName: string;
            feedback?: string;
            previousScript?: components["schemas"]["AiScript"];
        };
        AiCreatedFromScript: {
            mainBotId: number;
        };
        AiCreateFromScriptBody: {
            accountId: number;
            botName: string;
            sourceInfo: components["schemas"]["AiSourceInfo"];
            script: components["schemas"]["AiScript"];
            /**
             * @default url
             * @enum {string}
             */
            genAIType: "url" | "prompt";
        };
        AiAnalysisResult: {
            sourceInfo: components["schemas"]["AiSourceInfo"];
            scripts: components["schemas"]["AiScriptOption"][];
            navigation: components["schemas"]["AiNavigationLink"][];
        };
        AiScriptResult: {
            sourceInfo: components["schemas"]["AiSourceInfo"];
            script: components["schemas"]["AiScript"];
        };
        AiAvatarResult: {
            mediaId: number;
        };
        AiJob: {
            id: string;
            /** @enum {string} */
            status: "pending" | "queued" | "fetching_url" | "analyzing_content" | "analyzing_source" | "generating_suggestions" | "analyzing_navigation" | "validating_urls" | "generating_script" | "completed" | "ready" | "failed" | "error";
            progress: number;
            error: string | null;
            createdAt: string;
            updatedAt: string;
            /** @constant */
            type: "analyze";
            result: components["schemas"]["AiAnalysisResult"] | null;
        } | {
            id: string;
            /** @enum {string} */
            status: "pending" | "queued" | "fetching_url" | "analyzing_content" | "analyzing_source" | "generating_suggestions" | "analyzing_navigation" | "validating_urls" | "generating_script" | "completed" | "ready" | "failed" | "error";
            progress: number;
            error: string | null;
            createdAt: string;
            updatedAt: string;
            /** @constant */
            type: "script";
            result: components["schemas"]["AiScriptResult"] | null;
        } | {
            id: string;
            /** @enum {string} */
            status: "pending" | "queued" | "fetching_url" | "analyzing_content" | "analyzing_source" | "generating_suggestions" | "analyzing_navigation" | "validating_urls" | "generating_script" | "completed" | "ready" | "failed" | "error";
            progress: number;
            error: string | null;
            createdAt: string;
            updatedAt: string;
            /** @constant */
            type: "prompt";
            result: components["schemas"]["AiScriptResult"] | null;
        } | {
            id: string;
            /** @enum {string} */
            status: "pending" | "queued" | "fetching_url" | "analyzing_content" | "analyzing_source" | "generating_suggestions" | "analyzing_navigation" | "validating_urls" | "generating_script" | "completed" | "ready" | "failed" | "error";
            progress: number;
            error: string | null;
            createdAt: string;
            updatedAt: string;
            /** @constant */
            type: "avatar";
            result: components["schemas"]["AiAvatarResult"] | null;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RuntimeConfig"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postAuthSsoDiscover: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: email */
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ssoProvider: string;
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAuthInvitation: {
        parameters: {
            query: {
                token: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationInfo"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postAuthJoin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstName: string;
                    lastName: string;
                    email: string;
                    password: string;
                    token: string;
                    accountId: number;
                    /** @default false */
                    offers?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["JoinResult"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getPublicBotByPublicId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                publicId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlayerBot"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postPublicBotByPublicIdFormSubmission: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                publicId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FormSubmissionBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormSubmissionCreated"];
                };
            };
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FormSubmissionCreated"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getPublicBotByPublicIdWidget: {
        parameters: {
            query: {
                url: string;
            };
            header?: never;
            path: {
                publicId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WidgetConfig"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getPublicWidgetByPublicId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                publicId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarouselConfig"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postEvents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventAck"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postIntegrationGoogleAuthCsrf: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        state: string;
                        authorizationUrl: string;
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postIntegrationGoogleAuthCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    state: string;
                    token?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        connected: true;
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postIntegrationGoogleAuthLogout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getIntegrationGoogleDriveList: {
        parameters: {
            query?: {
                search_name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        files: components["schemas"]["DriveFile"][];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postIntegrationGoogleDriveUploadByFileId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                fileId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    data: {
                        accountId: number;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        mediaId: number;
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postIntegrationByTypeAuthStartAccountByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: "hubspot" | "linear" | "pipedrive" | "salesforce";
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrmAuthStart"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postIntegrationByTypeAuthAccountByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: "hubspot" | "linear" | "pipedrive" | "salesforce";
                accountId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CrmConnectBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrmIntegration"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteIntegrationByTypeAccountByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                type: "hubspot" | "linear" | "pipedrive" | "salesforce";
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccountByAccountIdIntegration: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountIntegrations"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postBotByIdFormSubmissionBySubmissionIdDeliveryByTypeRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                submissionId: string;
                type: "hubspot" | "linear" | "pipedrive" | "salesforce";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CrmDelivery"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAdminOutbox: {
        parameters: {
            query?: {
                page?: string;
                size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["OutboxMessage"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAuditLog: {
        parameters: {
            query?: {
                account_id?: string;
                type?: string;
                page?: string;
                size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["AuditEvent"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postAuthFinalize: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": Record<string, never>;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        email: string;
                        firstName: string | null;
                        lastName: string | null;
                        phoneNumber: string | null;
                        /** @enum {string} */
                        language: "en" | "fi";
                        profilePicture: null;
                        multifactor: boolean;
                        external: boolean;
                        /** Format: date-time */
                        createdAt: string;
                        isSuperuser: boolean;
                        isCustomerSuccess: boolean;
                        isReseller: boolean;
                        roles: components["schemas"]["UserRole"][];
                        userIntegrations: {
                            id: number;
                            /** @constant */
                            integrationType: "google";
                            identifier: string;
                        }[];
                        hasGoogleDriveIntegration: boolean;
                        identities: {
                            provider: string;
                        }[];
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getSsoConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConfig"][];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postSsoConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    domain: string;
                    provider: string;
                    /**
                     * @default active
                     * @enum {string}
                     */
                    status?: "active" | "disabled";
                    issuerUrl?: string | null;
                    clientId?: string | null;
                    clientSecret?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConfig"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getSsoConfigByConfigId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                configId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConfig"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchSsoConfigByConfigId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                configId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    domain?: string;
                    /** @enum {string} */
                    status?: "active" | "disabled";
                    issuerUrl?: string | null;
                    clientId?: string | null;
                    clientSecret?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConfig"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postSsoConfigByConfigIdProvision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                configId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accountId: number;
                    /** @enum {string} */
                    defaultRole: "Viewer" | "Editor";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SsoConfig"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccountByAccountIdUser: {
        parameters: {
            query?: {
                page?: string;
                size?: string;
            };
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["AccountUser"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postAccountByAccountIdUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    /** @enum {string} */
                    role: "Admin" | "Editor" | "Viewer" | "Reseller";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountUser"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postAccountByAccountIdUserResendInvitation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accountId: number;
                    /** @enum {string} */
                    role: "Owner" | "Admin" | "Editor" | "Viewer" | "Reseller";
                    userEmail: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountUser"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteAccountByAccountIdUserByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putAccountByAccountIdUserByUserIdRole: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    role: "Owner" | "Admin" | "Editor" | "Viewer" | "Reseller";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountUser"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putUserByUserIdRoleByRoleId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
                roleId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "Active";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Role"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMedia: {
        parameters: {
            query: {
                account_id: string;
                page?: string;
                size?: string;
                name?: string;
                media_types?: string;
                order_by?: "name" | "created_at" | "updated_at" | "duration" | "status" | "type";
                order_direction?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["Media"][];
                        metadata: {
                            page: number;
                            pageSize: number;
                            pageCount: number;
                            totalCount: number;
                        };
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postMedia: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    type: "SlideVideo" | "LogoVideo" | "SlideImage" | "LogoImage" | "CoverImage" | "ProfileImage";
                    name: string;
                    accountId: number;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedMedia"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMediaById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteMediaById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        publishedBots: {
                            id: number;
                            publicId: string;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchMediaById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    crop?: {
                        x: number;
                        y: number;
                        scale: number;
                    } | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMediaByIdUsage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        publishedBots: {
                            id: number;
                            publicId: string;
                            name: string;
                        }[];
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postMediaByIdReplace: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedMedia"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putMediaByIdCaption: {
        parameters: {
            query: {
                account_id?: string;
                language: string;
            };
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A .vtt file
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMediaByIdCaptionByCaptionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                captionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/vtt": string;
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteMediaByIdCaptionByCaptionId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                captionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postMediaByIdUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The image or video file
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Body too large. */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalytics: {
        parameters: {
            query: {
                account_id: string;
                channel?: "direct" | "iframe" | "widget" | "slider" | "display_ad";
                from_date?: string;
                to_date?: string;
                include_today?: "true" | "false" | "1" | "0";
                bot_ids?: string;
                slider_ids?: string;
                user_ids?: string;
                bot_name?: string;
                status?: "Draft" | "Published" | "Deactivated";
                tag_ids?: string;
                page?: string;
                size?: string;
                order_by?: "bot" | "session" | "opened" | "engaged" | "cta" | "watched" | "ctr" | "live_status";
                order_direction?: "asc" | "desc";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["AnalyticsRow"][];
                        metadata: components["schemas"]["ListMetadata"];
                        totals: components["schemas"]["AnalyticsTotals"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsReport: {
        parameters: {
            query: {
                account_id: string;
                channel?: "direct" | "iframe" | "widget" | "slider" | "display_ad";
                from_date?: string;
                to_date?: string;
                include_today?: "true" | "false" | "1" | "0";
                bot_ids?: string;
                slider_ids?: string;
                user_ids?: string;
                bot_name?: string;
                status?: "Draft" | "Published" | "Deactivated";
                tag_ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsReport"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsTotalById: {
        parameters: {
            query?: {
                channel?: "direct" | "iframe" | "widget" | "slider" | "display_ad";
                from_date?: string;
                to_date?: string;
                include_today?: "true" | "false" | "1" | "0";
                bot_ids?: string;
                slider_ids?: string;
                user_ids?: string;
                bot_name?: string;
                status?: "Draft" | "Published" | "Deactivated";
                tag_ids?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsTotals"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsTotalByIdDaily: {
        parameters: {
            query?: {
                channel?: "direct" | "iframe" | "widget" | "slider" | "display_ad";
                from_date?: string;
                to_date?: string;
                include_today?: "true" | "false" | "1" | "0";
                bot_ids?: string;
                slider_ids?: string;
                user_ids?: string;
                bot_name?: string;
                status?: "Draft" | "Published" | "Deactivated";
                tag_ids?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        points: components["schemas"]["AnalyticsChartPoint"][];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsWidgetById: {
        parameters: {
            query?: {
                channel?: "direct" | "iframe" | "widget" | "slider" | "display_ad";
                from_date?: string;
                to_date?: string;
                include_today?: "true" | "false" | "1" | "0";
                bot_ids?: string;
                slider_ids?: string;
                user_ids?: string;
                bot_name?: string;
                status?: "Draft" | "Published" | "Deactivated";
                tag_ids?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        records: components["schemas"]["AnalyticsSliderRow"][];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsBotById: {
        parameters: {
            query?: {
                channel?: "direct" | "iframe" | "widget" | "slider" | "display_ad";
                from_date?: string;
                to_date?: string;
                include_today?: "true" | "false" | "1" | "0";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotAnalyticsDetail"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsSettingsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsSettings"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putAnalyticsSettingsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AnalyticsSettings"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AnalyticsSettings"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsAdmin: {
        parameters: {
            query?: {
                from_date?: string;
                to_date?: string;
                include_today?: "true" | "false" | "1" | "0";
                lower?: string;
                upper?: string;
                bot_ids?: string;
                business_type?: string | string[];
                use_case?: string | string[];
                page?: string;
                size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["AdminAnalyticsRow"][];
                        metadata: components["schemas"]["ListMetadata"];
                        totals: components["schemas"]["AnalyticsTotals"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsAdminDaily: {
        parameters: {
            query?: {
                from_date?: string;
                to_date?: string;
                include_today?: "true" | "false" | "1" | "0";
                lower?: string;
                upper?: string;
                bot_ids?: string;
                business_type?: string | string[];
                use_case?: string | string[];
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        points: components["schemas"]["AnalyticsChartPoint"][];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAnalyticsAdminBilling: {
        parameters: {
            query?: {
                from_date?: string;
                to_date?: string;
                account_ids?: string | string[];
                page?: string;
                size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        from: string;
                        to: string;
                        records: components["schemas"]["BillingRow"][];
                        metadata: components["schemas"]["ListMetadata"];
                        totalImpressions: number;
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postWidgetByIdPreviewConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: components["schemas"]["WidgetContent"];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CarouselConfig"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBotStatus: {
        parameters: {
            query?: {
                order_by?: "bot_name" | "account" | "live_status" | "last_viewed_at" | "updated_at";
                order_direction?: "asc" | "desc";
                page?: string;
                size?: string;
                bot_name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["LiveStatusRow"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBot: {
        parameters: {
            query: {
                account_id: string;
                page?: string;
                size?: string;
                order_by?: "name" | "status" | "created_at" | "updated_at";
                order_direction?: "asc" | "desc";
                bot_name?: string;
                tag_ids?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["BotListItem"][];
                        metadata: {
                            page: number;
                            pageSize: number;
                            pageCount: number;
                            totalCount: number;
                        };
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postBot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accountId: number;
                    name: string;
                    /**
                     * @default Public
                     * @enum {string}
                     */
                    privacy?: "Public" | "Private";
                    genAIType?: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBotById: {
        parameters: {
            query?: {
                mode?: "draft" | "published";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteBotById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchBotById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    privacy?: "Public" | "Private";
                    isStarred?: boolean;
                    /** @enum {string} */
                    status?: "Published" | "Deactivated";
                    content?: {
                        slides: {
                            id: number;
                            name: string;
                            description?: string | null;
                            /** @enum {string} */
                            category: "INTRO" | "SLIDE";
                            /** @enum {string} */
                            type: "VIDEO" | "IMAGE";
                            /** @default null */
                            videoId?: number | null;
                            /** @default null */
                            imageId?: number | null;
                            filename?: string | null;
                            language?: string | null;
                            imageAnimation?: {
                                /** @enum {string} */
                                type: "PAN" | "ZOOM_OUT";
                                duration: number;
                                repeat?: boolean | number;
                            } | null;
                            isNew?: boolean;
                            /** @default [] */
                            options?: {
                                id: number;
                                name: string;
                                /** @enum {string} */
                                type: "SLIDE" | "REGULAR_FORM" | "EXTERNAL_LINK" | "POST_MESSAGE" | "CLOSE_VIDBOT" | "SHARE_MEDIA";
                                /** @default null */
                                targetId?: number | null;
                                featured?: boolean;
                                videoEndListener?: boolean;
                                videoEndAutoplay?: boolean;
                                trackConversion?: boolean;
                            }[];
                            videoUrl?: unknown;
                            posterUrl?: unknown;
                            previewUrl?: unknown;
                            imageUrl?: unknown;
                            duration?: unknown;
                            captions?: unknown;
                        }[];
                        /** @default [] */
                        actions?: components["schemas"]["Action"][];
                        /** @default {} */
                        theme?: {
                            textColor?: string;
                            backgroundColor?: string;
                            isGradientEnabled?: boolean;
                            isArrowButtonEnabled?: boolean;
                            delayButtons?: number | null;
                            backButtonIntro?: boolean;
                            stylesRaw?: string | null;
                        };
                        settings?: components["schemas"]["BotSettingsInput"];
                    };
                    baseRevisionId?: number;
                    tagIds?: number[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBotByIdGraph: {
        parameters: {
            query?: {
                mode?: "draft" | "published";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BotGraph"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postBotByIdClone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postBotByIdCopyToAccount: {
        parameters: {
            query: {
                target_account_id: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchBotByIdRevisionByRevisionIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                revisionId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "Published";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Bot"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBotByIdFormSubmission: {
        parameters: {
            query?: {
                page?: string;
                size?: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["FormSubmission"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBotByIdAdPackage: {
        parameters: {
            query?: {
                platform?: "adform" | "xandr" | "dv360" | "gam" | "custom";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/zip": string;
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTag: {
        parameters: {
            query: {
                account_id: string;
                page?: string;
                size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["TagListItem"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postTag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    account_id: number;
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchTagByTagId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                tagId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Tag"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWidget: {
        parameters: {
            query: {
                account_id: string;
                page?: string;
                size?: string;
                name?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["WidgetListItem"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postWidget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    accountId: number;
                    name: string;
                    /**
                     * @default Slider
                     * @enum {string}
                     */
                    type?: "Slider" | "Card" | "Thumbnail";
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Widget"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getWidgetById: {
        parameters: {
            query?: {
                mode?: "draft" | "published";
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Widget"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteWidgetById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchWidgetById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    privacy?: "Public" | "Private";
                    /** @enum {string} */
                    status?: "Published" | "Deactivated";
                    /** @enum {string} */
                    revisionStatus?: "Published";
                    content?: components["schemas"]["WidgetContent"];
                    baseRevisionId?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Widget"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postWidgetByIdClone: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Widget"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postWidgetByIdCopyToAccount: {
        parameters: {
            query: {
                target_account_id: string;
            };
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Widget"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchWidgetByIdRevisionByRevisionIdStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                revisionId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    status: "Published";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Widget"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGlobal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Global"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getUserMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchUserMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstName?: string;
                    lastName?: string;
                    email?: string;
                    phoneNumber?: string | null;
                    /** @enum {string} */
                    language?: "en" | "fi";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getUserMeAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["Account"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getUserAllUsers: {
        parameters: {
            query?: {
                page?: string;
                size?: string;
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["User"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getUserResellers: {
        parameters: {
            query?: {
                page?: string;
                size?: string;
                email?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["User"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postUserResellers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postUserResellersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getUserByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchUserByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    firstName?: string;
                    lastName?: string;
                    email?: string;
                    phoneNumber?: string | null;
                    /** @enum {string} */
                    language?: "en" | "fi";
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    patchUserByUserIdSetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    userId?: number;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccount: {
        parameters: {
            query?: {
                page?: string;
                size?: string;
                order_by?: "business_name" | "created_at";
                order_direction?: "asc" | "desc";
                business_name?: string;
                filter?: "Joined";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["Account"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    businessName: string;
                    ownerEmail: string;
                    billingEmail?: ("" | string) | null;
                    phoneNumber?: string | null;
                    businessId?: string | null;
                    taxId?: string | null;
                    address?: string | null;
                    zipCode?: string | null;
                    country?: string | null;
                    color?: string | null;
                    options?: {
                        maxVideoDuration?: number | null;
                        disableAnalytics?: boolean;
                        analyticsConsentRequired?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountDetail"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccountDetail: {
        parameters: {
            query?: {
                page?: string;
                size?: string;
                order_by?: "business_name" | "created_at";
                order_direction?: "asc" | "desc";
                business_name?: string;
                filter?: "Joined";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["AccountDetail"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccountByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putAccountByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    businessName?: string;
                    billingEmail?: ("" | string) | null;
                    phoneNumber?: string | null;
                    businessId?: string | null;
                    taxId?: string | null;
                    address?: string | null;
                    zipCode?: string | null;
                    country?: string | null;
                    color?: string | null;
                    businessType?: string | null;
                    /** @enum {string} */
                    status?: "Active" | "Suspended";
                    newOwnerId?: number;
                    newPartnerId?: number | null;
                    options?: {
                        maxVideoDuration?: number | null;
                        disableAnalytics?: boolean;
                        analyticsConsentRequired?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountDetail"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    deleteAccountByAccountId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description No content */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccountByAccountIdDetail: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountDetail"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAccountByAccountIdProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountProfile"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putAccountByAccountIdProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                accountId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    appearance?: {
                        logoId?: number | null;
                        chatVideoId?: number | null;
                        buttonTextColor?: string | null;
                        buttonBackgroundColor?: string | null;
                        stylesRaw?: string | null;
                    };
                    profile?: {
                        companyName?: string | null;
                        description?: string | null;
                        coverId?: number | null;
                        introductionId?: number | null;
                        socialLinks?: {
                            url: string;
                            /** @enum {string} */
                            icon: "Linkedin" | "Facebook" | "Instagram" | "Tiktok" | "X" | "Website" | "WhatsApp" | "Telegram" | "Reddit" | "Calendly" | "Viber" | "Snapchat" | "Email" | "Pinterest" | "Youtube" | "Vimeo";
                            /** @enum {string} */
                            target?: "new_tab" | "same_tab";
                        }[];
                        actions?: ({
                            /** @constant */
                            type: "external_link";
                            name: string;
                            url: string;
                            /** @enum {string} */
                            style?: "standard" | "highlight";
                            /** @enum {string} */
                            target?: "new_tab" | "same_tab";
                            /** @enum {string} */
                            externalLinkType: "tel" | "mailto" | "url" | "deep_link" | "relative_path";
                        } | {
                            /** @constant */
                            type: "contact_form";
                            name: string;
                            buttonText: string;
                            /** @enum {string} */
                            buttonStyle?: "standard" | "highlight";
                            title: string;
                            subject: string;
                            description: string;
                            emailTo: string[];
                            emailBcc?: string[];
                            fields?: {
                                name: string;
                                /** @enum {string} */
                                type: "text" | "email" | "tel" | "textarea";
                                required?: boolean;
                            }[];
                        })[];
                    };
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountProfile"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getFeature: {
        parameters: {
            query?: {
                account_id?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeatureList"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getFeatureFlags: {
        parameters: {
            query?: {
                account_ids?: string;
                flag_name?: string;
                flag_type?: "embed" | "dashboard";
                page?: string;
                size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        records: components["schemas"]["FeatureFlag"][];
                        metadata: components["schemas"]["ListMetadata"];
                    };
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    putFeatureFlags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    name: "integration" | "integration_hubspot" | "integration_linear" | "integration_pipedrive" | "integration_salesforce" | "integration_google_drive" | "google_analytics_cookies" | "vidbot_as_ads" | "new_widgets" | "widget_sync" | "no_cookies" | "url_map" | "company_profile" | "vidbot_scheduler" | "button_outline" | "likes" | "close_button" | "hide_share_button" | "hide_watermark" | "hide_widget_on_scroll" | "generative_ai" | "video_generation";
                    description?: string | null;
                    /** @enum {string} */
                    flag_type?: "embed" | "dashboard";
                    is_everyone?: boolean | null;
                    is_superadmin?: boolean | null;
                    user_ids?: number[];
                    account_ids?: number[];
                    languages?: ("en" | "fi")[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeatureFlag"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postFeatureFlags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    name: "integration" | "integration_hubspot" | "integration_linear" | "integration_pipedrive" | "integration_salesforce" | "integration_google_drive" | "google_analytics_cookies" | "vidbot_as_ads" | "new_widgets" | "widget_sync" | "no_cookies" | "url_map" | "company_profile" | "vidbot_scheduler" | "button_outline" | "likes" | "close_button" | "hide_share_button" | "hide_watermark" | "hide_widget_on_scroll" | "generative_ai" | "video_generation";
                    description?: string | null;
                    /** @enum {string} */
                    flag_type: "embed" | "dashboard";
                    is_everyone?: boolean | null;
                    is_superadmin?: boolean | null;
                    user_ids?: number[];
                    account_ids?: number[];
                    languages?: ("en" | "fi")[];
                };
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeatureFlag"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflict with the current state. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGenerateAvatarGroups: {
        parameters: {
            query: {
                account_id: string;
                page?: string;
                size?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvatarGroupList"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGenerateAvatarGroupsByGroupIdAvatars: {
        parameters: {
            query: {
                account_id: string;
            };
            header?: never;
            path: {
                groupId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvatarList"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGenerateVoices: {
        parameters: {
            query: {
                account_id: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AvatarVoiceList"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Error */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postGenerateAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AvatarVideoRequest"];
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiJobCreated"];
                };
            };
            /** @description Bad request (malformed JSON, bad header). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postGenAiAnalyzeNavigation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AiAnalyzeNavigationBody"];
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiJobCreated"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postGenAiAnalyzeNavigationStream: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AiAnalyzeNavigationBody"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postGenAiScript: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AiGenerateScriptBody"];
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiJobCreated"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postGenAiPrompt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AiPromptBody"];
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiJobCreated"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    postGenAi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AiCreateFromScriptBody"] | components["schemas"]["AiGenerateScriptBody"];
            };
        };
        responses: {
            /** @description OK */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiCreatedFromScript"];
                };
            };
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiJobCreated"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Signed in, but the role does not allow this. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Validation failed: `errors` maps field paths to messages. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getGenAiStatusById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AiJob"];
                };
            };
            /** @description Missing or invalid ID token. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such resource, or one the caller cannot see. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Busy, try again: `overloaded` (the database queue is full; `Retry-After` says when, in s), `statement_timeout` (a query ran past DB_STATEMENT_TIMEOUT_MS; issue 18, docs/scaling.md). */
            503: {
                headers: {
                    /** @description Seconds to wait before trying again (with `overloaded`). */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
