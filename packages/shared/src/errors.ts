/**
 * Every error code the API may answer in `{ error: { code, message } }`. The server's
 * `AppError` accepts only these, and the web app turns each into the text `errors.<code>`
 * in the member's language (a unit test keeps the seven locales complete). A new code
 * starts here.
 */
export const ERROR_CODES = {
  // Input the server could not accept as sent.
  invalid_input: 'A field is missing or not valid (see `fields`)',
  bad_request: 'The request could not be read (for example, malformed JSON)',
  payload_too_large: 'The request body is larger than the server accepts',
  unsupported_media_type: 'The request body has a content type the call does not take',
  unknown_action: 'POST /api/user.php without ?new=1 or ?push=1',
  conversation_mismatch: 'The body and the query name different chats',
  profile_mismatch: 'The body and the query name different members',
  image_mismatch: 'The body and the query name different photos',
  missing_conversation: 'Which chat to remove is missing',
  missing_profile: 'Which member is meant is missing',
  missing_image: 'Which photo is meant is missing',
  missing_message: 'Which message to unsend is missing',
  message_mismatch: 'The body and the query name different messages',
  client_id_reused:
    'The `client_id` was sent before with another text, conversation, product, method or code: a new message or checkout needs a new one',
  // Signing up and logging in.
  invalid_credentials: 'Wrong e-mail address or password',
  banned:
    'Staff banned the account (`reason` says why); login answers this after the password, signup for an address that reaches a banned account’s mailbox (a +tag or gmail dots added)',
  not_logged_in: 'The call needs a logged-in member',
  signups_closed: 'Signing up is by invitation only',
  invalid_csrf: 'The signup form could not be verified',
  invalid_token: 'A link or form token expired, was used or is wrong',
  email_taken: 'Another account uses this e-mail address',
  same_email: 'The new e-mail address is the current one',
  wrong_password: 'The password given to confirm is not correct',
  already_activated: 'The account is already activated',
  country_not_allowed: 'The service does not operate in this country',
  regions_off:
    'The site does not use regions (settings.region_data is off): a location is a country and a city, without countryregion',
  // Access.
  forbidden: 'The member may not do this',
  missing_app_package: 'A state-changing call came without the X-App-Package header',
  cross_origin:
    'The browser says the call came from another site: the live channel, starting a chat and logging out only work from this site’s own pages',
  demo_not_behind_proxy:
    'The server is a demo because MODE is not set, and the request came through a proxy: the operator sets MODE=production (or MODE=demo on purpose)',
  search_login_required: 'Logged-out search is switched off',
  not_in_conversation: 'Only the two members of a conversation can read or write it',
  not_activated:
    'The member has not confirmed their e-mail address yet: they may look, not like or write',
  verification_required:
    'The other member hears from verified members only (verified_contact_only)',
  // Things that are not there.
  not_found: 'No such call or thing',
  member_not_found: 'The member does not exist or has left',
  member_gone: 'The other member left: the message was not sent',
  image_not_found: 'The photo is not one of the member’s',
  order_not_found: 'The order is not one of the member’s',
  session_not_found: 'The session has ended already, or is not one of the member’s',
  cam_not_found: 'The webcam profile is not available',
  cam_feed_unavailable: 'The webcam partner’s feed cannot be reached just now',
  no_place_found: 'No place of ours lies near the position',
  // Members, chats and likes.
  cannot_chat_self: 'A member cannot chat with themselves',
  cannot_like_self: 'A member cannot like themselves',
  insufficient_credits: 'The member has too few credits for this message',
  credits_owed:
    'A refund or chargeback took back credits the member had spent: the next purchase pays them off first',
  unsend_window_closed:
    'The message was sent more than 10 minutes ago (UNSEND_WINDOW_MINUTES): it can no longer be unsent',
  // Blocks, reports and the brakes on new members (issue 17).
  blocked:
    'One of the two members blocked the other: nothing passes between them (the app says it as for a member who left)',
  cannot_block_self: 'A member cannot block themselves',
  cannot_report_self: 'A member cannot report themselves',
  report_image_mismatch: 'The reported photo is not one of the reported member’s',
  report_conversation_mismatch: 'The reported conversation is not the one between the two members',
  report_limit: 'The member sent the most reports a day allows',
  export_limit: 'The member asked for a copy of their data less than 24 hours ago (`retry_at`)',
  export_not_found: 'The download link is used, expired or not the member’s',
  conversation_limit:
    'A member who signed up less than a day ago started the most new conversations allowed for now (`retry_at` says when the next one may start)',
  push_service_not_allowed: 'The push subscription points at a service the server does not post to',
  // The staff console (issue 20).
  reauth_required: 'A staff call more than 30 minutes after the last one: confirm the password',
  report_not_found: 'No such report',
  report_claimed: 'Another moderator is working this report',
  report_without_photo: 'The report names no photo to remove',
  message_not_found: 'No such held message',
  code_taken: 'A discount code with this text exists already',
  code_not_found: 'No such campaign code',
  settings_changed: 'Another admin saved the settings since they were read: load them again',
  not_refundable:
    'The order is not paid, is paid back in full, or was made with another payment provider than the one configured',
  refund_too_large: 'The refund is more than is left of the order to pay back',
  refund_failed: 'The payment provider did not accept the refund (its answer is in the server log)',
  // Photos.
  no_file: 'The upload holds no photo',
  not_multipart: 'The upload is not multipart/form-data',
  invalid_multipart: 'The upload could not be read',
  not_an_image: 'The file is not a photo the server can read',
  image_too_small: 'The photo is narrower or lower than the smallest size accepted',
  image_too_large: 'The photo has more pixels than accepted',
  file_too_large: 'A photo is larger than the upload limit',
  too_many_files: 'More photos than one upload may carry',
  too_many_parts: 'The upload has too many parts',
  too_many_photos: 'The member has the most photos allowed',
  unknown_image: 'Only the member’s own photos can be arranged',
  incomplete_order: 'The new photo order does not list every photo once',
  // Verification (issue 48).
  photo_required:
    'Verification needs at least one profile photo the screening has looked at (clean or flagged)',
  pose_expired:
    'The selfie answers another pose than the one assigned, or one assigned more than 15 minutes ago (VERIFICATION_POSE_MINUTES): GET /api/verification.php gives the pose to make',
  no_face: 'The face check found no face in the selfie',
  several_faces: 'The face check found more than one face in the selfie',
  verification_limit:
    'The member sent the most verification selfies a day allows (5, VERIFICATION_TRIES_PER_DAY)',
  verification_not_found: 'No verification selfie waits with this id: it was decided or removed',
  // Buying.
  not_for_sale: 'The product is not sold in the member’s country',
  withdrawal_waiver_required: 'Credits need the waiver of the withdrawal period',
  payments_unavailable: 'Nothing can be bought at the moment',
  method_not_available: 'The payment method does not take the currency of the member’s prices',
  provider_unavailable: 'The payment provider could not be reached; the order was not started',
  no_discount: 'No discount code applies to the member now',
  discount_invalid:
    'The discount code is unknown, expired, used up, not the member’s or not for this product',
  // Limits and failures.
  rate_limited: 'Too many calls or attempts from this address or on this account',
  internal: 'Something failed on the server',
  unavailable:
    'The server cannot reach its database (or another store it needs) just now (it restarts, say): try again in a few seconds (a send again with the same `client_id`, which stores it once)',
} as const satisfies Record<string, string>;

export type ErrorCode = keyof typeof ERROR_CODES;

export const ERROR_CODE_LIST = Object.keys(ERROR_CODES) as ErrorCode[];

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERROR_CODES, code);

/**
 * Codes the web app gives failures that never reached the API's answer: no connection,
 * and an answer without the error format (a proxy's 502, say).
 */
export const CLIENT_ERROR_CODES = ['network', 'unknown'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
