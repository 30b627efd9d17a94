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
