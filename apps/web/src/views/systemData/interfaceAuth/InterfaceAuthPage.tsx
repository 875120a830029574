// The interface-authentication screen (接口认证): applications that call data interfaces from outside with
// an appId and a signed request. A paged list (appId, name, valid until, signature check, state); add, edit,
// delete, and in 更多 the interfaces granted to the application, signed headers for trying one (获取认证) and
// its call log.
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { kitTexts } from '../../../components/admin';
import { CallLogDrawer } from '../../../components/callLog/CallLogDrawer';
import { CrudList } from '../../../components/crud/CrudList';
import { authApi, authKeys, type AuthRow } from './api';
import { AuthForm } from './AuthForm';
import { GrantDialog } from './GrantDialog';
import { SignedCallDialog } from './SignedCallDialog';
import { texts } from './texts';

export default function InterfaceAuthPage() {
  const t = texts.useText();
  const k = kitTexts.useText();
  const [granting, setGranting] = useState<AuthRow>();
  const [logOf, setLogOf] = useState<AuthRow>();
  const [signing, setSigning] = useState<AuthRow>();
  return (
    <CrudList<AuthRow>
      title={t('title')}
      queryKey={authKeys.list}
      url={authApi.listUrl}
      showIndex
      columns={[
        { title: t('appId'), dataIndex: 'appId', width: 220, ellipsis: true },
        { title: t('appName'), dataIndex: 'appName', width: 160, ellipsis: true },
        {
          title: t('usefulLife'),
          dataIndex: 'usefulLife',
          width: 130,
          render: (value: number | null) =>
            value == null ? (
              t('forever')
            ) : (
              <span>
                {dayjs(value).format('YYYY-MM-DD')}
                {value < Date.now() && (
                  <Tag color="error" style={{ marginLeft: 6 }}>
                    {t('expired')}
                  </Tag>
                )}
              </span>
            ),
        },
        {
          title: t('verifySignature'),
          dataIndex: 'verifySignature',
          width: 90,
          align: 'center',
          render: (value: number) => (value === 1 ? <Tag color="processing">{k('yes')}</Tag> : <Tag>{k('no')}</Tag>),
        },
      ]}
      remove={(row) => authApi.remove(row.id)}
      more={(row) => [
        { key: 'grant', label: t('grant'), code: 'btn_edit', onClick: () => setGranting(row) },
        // signing needs the same right as the server's GetAuth (btn_edit)
        { key: 'getAuth', label: t('getAuth'), code: 'btn_edit', onClick: () => setSigning(row) },
        { key: 'log', label: t('log'), onClick: () => setLogOf(row) },
      ]}
      renderForm={(slot) => <AuthForm {...slot} />}
    >
      {() => (
        <>
          <GrantDialog app={granting} onClose={() => setGranting(undefined)} />
          <SignedCallDialog app={signing} onClose={() => setSigning(undefined)} />
          <CallLogDrawer
            open={!!logOf}
            url={authApi.logUrl(logOf?.id ?? '')}
            title={logOf ? t('logTitle', { name: logOf.appName }) : undefined}
            withInterface
            onClose={() => setLogOf(undefined)}
          />
        </>
      )}
    </CrudList>
  );
}
