/**
 * Return codes of the `{ retcode, message, data }` envelope (spec §8). 0 is success.
 * Codes named in the spec keep their numbers; the rest extend the same families.
 */
export const RET = {
  OK: 0,
  /** Unexpected server failure (HTTP 500). */
  INTERNAL: -1,
  /** Request failed validation; `data.issues` lists the fields. */
  BAD_INPUT: -100400,
  /** Cross-system failure re-mapped (spec §8). */
  CROSS_SYSTEM: -100401,
  /** Warehouse not allowed for this user (spec §6: switch failure). */
  WAREHOUSE_FORBIDDEN: -100403,
  /** Record not found (or not in this warehouse). */
  NOT_FOUND: -100404,
  /** No valid session: the client goes to /tob/login with redirect_url (spec §8). */
  NOT_LOGGED_IN: -100405,
  /** Logged in, but the permission this call needs is missing. */
  PERMISSION_DENIED: -100406,
  /** The tenant header differs from the session's warehouse: the client asks to reload. */
  WAREHOUSE_MISMATCH: -100407,
  /** A mutation without a valid CSRF header. */
  CSRF_INVALID: -100408,
  /** Offline ops: the batch does not continue the device's sequence; `data.acked_seq` says where to resume. */
  OUT_OF_SEQUENCE: -100409,
  /** Offline ops: this op id was already used with different content. */
  OP_CONFLICT: -100410,
  /** Create: a record with this key (or another unique value) exists already; the message names it. */
  DUPLICATE: -100411,
  /**
   * A document's status does not allow the step asked for (spec §4 lifecycles: shared/lifecycles.ts);
   * `data` holds `from` and `to` (status codes) and the message names both.
   */
  ILLEGAL_TRANSITION: -100412,
  /** Too many requests of this kind; `data.retry_after_s` says when to try again. */
  RATE_LIMITED: -100429,
  /** Unknown API path. */
  UNKNOWN_API: -100444,
  /** Login: wrong email or password (spec §7 user_login tolerates it). */
  BAD_CREDENTIALS: -224003,
  /** Change password: the current password is wrong. */
  WRONG_CURRENT_PASSWORD: -224004,
  /** Forgot password: a reset was requested too recently (spec §7 user_forgot tolerates it). */
  RESET_TOO_SOON: -224005,
  /** Password reset link invalid, used or expired. */
  RESET_TOKEN_INVALID: -224006,
  /** Account disabled. */
  ACCOUNT_DISABLED: -224007,
  /** New password equals the current one. */
  PASSWORD_UNCHANGED: -224008,
  /**
   * The account signed in with a temporary password an administrator set: every call but reading
   * the login info, changing the password, switching language and signing out is refused until
   * the password is changed (the app shows Change Password; the outbox waits).
   */
  PASSWORD_CHANGE_REQUIRED: -224009,
  /**
   * Inventory: a location holds too little of the stock a change needs (available to take or block,
   * blocked to unblock, pre-picked to release). `data` names location, SKU, batch, quality, wanted and available.
   */
  INSUFFICIENT_STOCK: -286001,
} as const;
export type Retcode = (typeof RET)[keyof typeof RET];
