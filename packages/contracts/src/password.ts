/** The special characters a password may use to satisfy the strength rule. */
export const PASSWORD_SPECIAL_CHARACTERS = '!@#$%^&*()_+-=[]{};\':"\\|,.<>/?~`';

/**
 * The password strength rules of spec document 1 §5, shared by the browser and the server so
 * both say the same thing. Returns every failed rule's message, empty when the password is fine.
 */
export function checkPasswordStrength(password: string): string[] {
  const problems: string[] = [];
  if (password.length < 8) problems.push('Password must contain at least 8 characters');
  if (!/\p{L}/u.test(password)) problems.push('Password must contain at least one letter');
  if (!/\p{Nd}/u.test(password)) problems.push('Password must contain at least one number');
  if (![...password].some((c) => PASSWORD_SPECIAL_CHARACTERS.includes(c))) {
    problems.push(`Password must contain at least one special character (${PASSWORD_SPECIAL_CHARACTERS})`);
  }
  return problems;
}
