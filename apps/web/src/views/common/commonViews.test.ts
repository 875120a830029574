import { checkPasswordPolicy } from '@jnpf/core';
import { describe, expect, it } from 'vitest';
import { embeddableHref } from './externalLink/ExternalLinkPage';
import { redirectTarget } from './redirect/RedirectPage';
import {
  activeRules,
  NO_POLICY,
  newPasswordError,
  passwordMessage,
  policyFrom,
  repeatPasswordError,
} from '../../components/password/passwordRules';

describe('/redirect/:path*', () => {
  it('leads to the rest of the path with its query, never to another redirect', () => {
    expect(redirectTarget('system/menu', '?a=1')).toBe('/system/menu?a=1');
    expect(redirectTarget(undefined, '')).toBe('/');
    expect(redirectTarget('redirect/x', '')).toBe('/');
  });
});

describe('/externalLink?href=', () => {
  it('accepts http(s) addresses, once or twice encoded, and relative ones', () => {
    expect(embeddableHref('https://example.com/a?b=1')).toBe('https://example.com/a?b=1');
    expect(embeddableHref(encodeURIComponent('https://example.com/x'))).toBe('https://example.com/x');
    expect(embeddableHref('/api/x')).toBe(`${window.location.origin}/api/x`);
  });
  it('refuses other schemes and missing addresses', () => {
    expect(embeddableHref('javascript:alert(1)')).toBeNull();
    expect(embeddableHref('data:text/html,x')).toBeNull();
    expect(embeddableHref(null)).toBeNull();
  });
});

describe('reset-password rules', () => {
  const policy = policyFrom({
    passwordStrengthLimit: 1,
    passwordLengthMin: 1,
    passwordLengthMinNumber: 8,
    containsNumbers: 1,
    includeLowercaseLetters: 1,
    includeUppercaseLetters: 1,
    containsCharacters: 1,
  });

  it('uses the exact messages in each language', () => {
    expect(passwordMessage('oldRequired', 'zh')).toBe('旧密码不能为空');
    expect(newPasswordError('', policy, 'zh')).toBe('新密码不能为空');
    expect(repeatPasswordError('', 'x', 'zh')).toBe('重复密码不能为空');
    expect(repeatPasswordError('a', 'b', 'zh')).toBe('两次密码输入不一致');
    expect(repeatPasswordError('a', 'b', 'en')).toBe('The two passwords do not match');
    expect(passwordMessage('captchaRequired', 'zhtw')).toBe('驗證碼不能為空');
  });

  it('applies the configured policy one rule at a time', () => {
    expect(newPasswordError('Ab1!', policy, 'zh')).toBe('新密码长度不能小于8位');
    expect(newPasswordError('Abcdefg!', policy, 'zh')).toBe('新密码必须包含数字');
    expect(newPasswordError('ABCDEFG1!', policy, 'zh')).toBe('新密码必须包含小写字母');
    expect(newPasswordError('abcdefg1!', policy, 'zh')).toBe('新密码必须包含大写字母');
    expect(newPasswordError('Abcdefg12', policy, 'zh')).toBe('新密码必须包含字符');
    expect(newPasswordError('Abcdefg1_', policy, 'zh')).toBeNull();
    expect(checkPasswordPolicy('Abcdefg1_', policy)).toEqual([]);
  });

  it('checks nothing beyond "required" while the policy is off', () => {
    expect(newPasswordError('1', NO_POLICY, 'zh')).toBeNull();
    expect(newPasswordError('1', policyFrom({ passwordStrengthLimit: 0, containsNumbers: 1 }), 'zh')).toBeNull();
    expect(activeRules(NO_POLICY)).toEqual([]);
    expect(activeRules(policy).map((rule) => rule.key)).toEqual(['length', 'digit', 'lower', 'upper', 'symbol']);
  });
});
