// Password policy of the system configuration, checked by browser and server alike.
import type { passwordMessages } from './messages.js';

export interface PasswordPolicy {
  passwordStrengthLimit: number;
  passwordLengthMin: number;
  passwordLengthMinNumber: number;
  containsNumbers: number;
  includeLowercaseLetters: number;
  includeUppercaseLetters: number;
  containsCharacters: number;
}

export interface PolicyViolation {
  key: keyof typeof passwordMessages;
  params?: Record<string, number>;
}

/** Checks a plain-text password against the policy; an empty list means it passes. */
export function checkPasswordPolicy(plain: string, policy: PasswordPolicy): PolicyViolation[] {
  if (Number(policy.passwordStrengthLimit) !== 1) return [];
  const out: PolicyViolation[] = [];
  const min = Number(policy.passwordLengthMinNumber) || 0;
  if (Number(policy.passwordLengthMin) === 1 && plain.length < min) out.push({ key: 'minLength', params: { n: min } });
  if (Number(policy.containsNumbers) === 1 && !/\d/.test(plain)) out.push({ key: 'needDigit' });
  if (Number(policy.includeLowercaseLetters) === 1 && !/[a-z]/.test(plain)) out.push({ key: 'needLower' });
  if (Number(policy.includeUppercaseLetters) === 1 && !/[A-Z]/.test(plain)) out.push({ key: 'needUpper' });
  if (Number(policy.containsCharacters) === 1 && !/[^A-Za-z0-9]|_/.test(plain)) out.push({ key: 'needSymbol' });
  return out;
}
