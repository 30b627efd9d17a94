import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants';

/**
 * The password policy (spec §5/§9): 8–16 characters with an upper- and a lower-case letter.
 * Letters of any script count for the case rule; length is counted in code points.
 * Free of Lingui macros so Node scripts (create-admin) can use it as is.
 */
export function passwordPolicyProblem(password: string): 'length' | 'case' | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH || length > PASSWORD_MAX_LENGTH) return 'length';
  if (!/\p{Lu}/u.test(password) || !/\p{Ll}/u.test(password)) return 'case';
  return null;
}

/**
 * The policy's messages (spec §5; "8 and 16", see docs/decisions.md) in English, as the server
 * answers a new password below it and create-admin refuses one. The app says the same through
 * Lingui (shared/validation.ts passwordPolicyError).
 */
export const PASSWORD_POLICY_MESSAGES = {
  length: `New Password must be between ${PASSWORD_MIN_LENGTH} and ${PASSWORD_MAX_LENGTH} characters.`,
  case: 'New Password must contain one uppercase and one lowercase character.',
} as const satisfies Record<NonNullable<ReturnType<typeof passwordPolicyProblem>>, string>;
