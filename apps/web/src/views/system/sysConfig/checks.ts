// Client checks of the configuration, the same as the server's (server platform/sysConfig.ts): formats of
// hosts, ports, addresses, images and whitelists, and the rules that combine several keys.
import { checkPasswordPolicy, fieldRules, type PasswordPolicy } from '@jnpf/core';

const OCTET = '(?:25[0-5]|2[0-4]\\d|1\\d\\d|[1-9]?\\d)';
const IPV4 = new RegExp(`^${OCTET}(?:\\.${OCTET}){3}$`);
const IPV4_PREFIX = new RegExp(`^${OCTET}(?:\\.${OCTET}){0,2}\\.\\*$`);
const HOSTNAME =
  /^(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$/;

/** a loose IPv6 test: hex groups and colons, at least two colons, at most one "::" */
export function isIPv6(v: string): boolean {
  if (!/^[0-9A-Fa-f:.]+$/.test(v) || (v.match(/:/g) ?? []).length < 2) return false;
  if ((v.match(/::/g) ?? []).length > 1) return false;
  try {
    new URL(`http://[${v}]/`);
    return true;
  } catch {
    return false;
  }
}

/** the entries of an IP whitelist as the sign-in check splits them */
export const whitelistEntries = (list: string) =>
  list
    .split(/[,，\s]+/)
    .map((e) => e.trim())
    .filter(Boolean);

export const validWhitelist = (list: string) =>
  whitelistEntries(list).every((e) => IPV4.test(e) || IPV4_PREFIX.test(e) || isIPv6(e));

export const validHost = (v: string) => HOSTNAME.test(v) || IPV4.test(v) || isIPv6(v);

export function validUrl(v: string): boolean {
  if (!/^https?:\/\/[^\s"'<>]+$/i.test(v)) return false;
  try {
    return Boolean(new URL(v).host);
  } catch {
    return false;
  }
}

/** an image file name, a path on this site or an http(s) address */
export const validImageRef = (v: string) => /^(?:https?:\/\/|\/)?[^\s"'<>\\:]+$/i.test(v) || validUrl(v);

export const validPhone = (v: string) => /^[0-9+\-() ]{3,50}$/.test(v);
export const validEmail = (v: string) => fieldRules.email.test(v);
export const validPort = (v: string) => /^\d{1,10}$/.test(v) && Number(v) >= 1 && Number(v) <= 65535;
export const validDefaultPassword = (v: string) => /^[\x21-\x7e]{1,50}$/.test(v);

/** any of the strength rules switched on? */
export function hasStrengthRule(policy: Partial<PasswordPolicy>): boolean {
  return [
    policy.passwordLengthMin,
    policy.containsNumbers,
    policy.includeLowercaseLetters,
    policy.includeUppercaseLetters,
    policy.containsCharacters,
  ].some((v) => Number(v) === 1);
}

/** whether the default password of new users passes the policy they will be held to */
export function defaultPasswordPasses(password: string, policy: PasswordPolicy): boolean {
  return checkPasswordPolicy(password, policy).length === 0;
}
