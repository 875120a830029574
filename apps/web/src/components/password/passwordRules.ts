// The reset-password form's rules (each field required, the new password by the policy, the repeat equal to it)
// with the exact messages of core's passwordMessages, in the interface language. The policy comes from
// GET /api/oauth/getConfig/{account}.
import { checkPasswordPolicy, format, passwordMessages, type Language, type PasswordPolicy } from '@jnpf/core';

export type PasswordMessageKey = keyof typeof passwordMessages;

export function passwordMessage(key: PasswordMessageKey, language: Language, params?: Record<string, number>): string {
  return format(passwordMessages[key][language], params);
}

/** No rules beyond "required" (the policy is off, or not loaded yet). */
export const NO_POLICY: PasswordPolicy = {
  passwordStrengthLimit: 0,
  passwordLengthMin: 0,
  passwordLengthMinNumber: 0,
  containsNumbers: 0,
  includeLowercaseLetters: 0,
  includeUppercaseLetters: 0,
  containsCharacters: 0,
};

/** The policy fields of a getConfig answer; anything missing counts as off. */
export function policyFrom(config: Partial<PasswordPolicy> | null | undefined): PasswordPolicy {
  const source = config ?? {};
  const read = (key: keyof PasswordPolicy) => Number(source[key]) || 0;
  return {
    passwordStrengthLimit: read('passwordStrengthLimit'),
    passwordLengthMin: read('passwordLengthMin'),
    passwordLengthMinNumber: read('passwordLengthMinNumber'),
    containsNumbers: read('containsNumbers'),
    includeLowercaseLetters: read('includeLowercaseLetters'),
    includeUppercaseLetters: read('includeUppercaseLetters'),
    containsCharacters: read('containsCharacters'),
  };
}

/** The message for a new password, or null when it is acceptable. */
export function newPasswordError(plain: string, policy: PasswordPolicy, language: Language): string | null {
  if (!plain) return passwordMessage('newRequired', language);
  const [violation] = checkPasswordPolicy(plain, policy);
  return violation ? passwordMessage(violation.key, language, violation.params) : null;
}

/** The message for the repeated password, or null when it matches. */
export function repeatPasswordError(repeat: string, plain: string, language: Language): string | null {
  if (!repeat) return passwordMessage('repeatRequired', language);
  return repeat === plain ? null : passwordMessage('mismatch', language);
}

/** Which rules of the policy apply, for the hint under the new password. */
export function activeRules(
  policy: PasswordPolicy,
): Array<{ key: 'length'; n: number } | { key: 'digit' | 'lower' | 'upper' | 'symbol' }> {
  if (policy.passwordStrengthLimit !== 1) return [];
  const rules: Array<{ key: 'length'; n: number } | { key: 'digit' | 'lower' | 'upper' | 'symbol' }> = [];
  if (policy.passwordLengthMin === 1 && policy.passwordLengthMinNumber > 0)
    rules.push({ key: 'length', n: policy.passwordLengthMinNumber });
  if (policy.containsNumbers === 1) rules.push({ key: 'digit' });
  if (policy.includeLowercaseLetters === 1) rules.push({ key: 'lower' });
  if (policy.includeUppercaseLetters === 1) rules.push({ key: 'upper' });
  if (policy.containsCharacters === 1) rules.push({ key: 'symbol' });
  return rules;
}
