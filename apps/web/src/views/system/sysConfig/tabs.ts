// The three tabs of the system configuration screen and the keys each edits: a refused save opens the tab of
// its first refused field.
export type TabKey = 'basic' | 'security' | 'third';

/** which tab each key is edited on */
const TAB_OF: Record<TabKey, readonly string[]> = {
  basic: [
    'sysName',
    'title',
    'sysVersion',
    'sysDescription',
    'copyright',
    'jnpfDomain',
    'companyName',
    'companyCode',
    'companyAddress',
    'companyContacts',
    'companyTelePhone',
    'companyEmail',
    'loginIcon',
    'navigationIcon',
    'logoIcon',
    'appIcon',
  ],
  security: [
    'singleLogin',
    'tokenTimeout',
    'lastLoginTimeSwitch',
    'enableVerificationCode',
    'verificationCodeNumber',
    'whitelistSwitch',
    'whiteListIp',
    'passwordErrorsNumber',
    'lockType',
    'lockTime',
    'passwordStrengthLimit',
    'passwordLengthMin',
    'passwordLengthMinNumber',
    'containsNumbers',
    'includeLowercaseLetters',
    'includeUppercaseLetters',
    'containsCharacters',
    'passwordIsUpdatedRegularly',
    'updateCycle',
    'updateInAdvance',
    'disableOldPassword',
    'disableTheNumberOfOldPasswords',
    'mandatoryModificationOfInitialPassword',
    'newUserDefaultPassword',
  ],
  third: [
    'qyhCorpId',
    'qyhAgentId',
    'qyhAgentSecret',
    'qyhCorpSecret',
    'qyhIsSynOrg',
    'qyhIsSynUser',
    'dingSynAppKey',
    'dingSynAppSecret',
    'dingAgentId',
    'dingSynIsSynOrg',
    'dingSynIsSynUser',
    'emailSmtpHost',
    'emailSmtpPort',
    'emailPop3Host',
    'emailPop3Port',
    'emailSenderName',
    'emailAccount',
    'emailPassword',
    'emailSsl',
    'smsCompany',
    'aliAccessKey',
    'aliSecret',
    'tencentSecretId',
    'tencentSecretKey',
    'tencentAppId',
    'tencentAppKey',
    'smsSignName',
    'smsLoginTemplate',
  ],
};

export function tabOf(field: string): TabKey | undefined {
  return (Object.keys(TAB_OF) as TabKey[]).find((tab) => TAB_OF[tab].includes(field));
}

/** the keys the screen edits (sysVersion is shown only: the server keeps it) */
export const EDITED = [...TAB_OF.basic, ...TAB_OF.security, ...TAB_OF.third].filter((key) => key !== 'sysVersion');
