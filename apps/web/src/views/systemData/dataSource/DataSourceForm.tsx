// The data-connection dialog: name, database type (its port follows the type unless typed), host, port,
// database, user, password (write-only: an edit shows it empty, and empty keeps the stored one), pool limit,
// sort, state and description, with 测试连接 that tries the connection as filled in and shows the answer.
import type { ApiResult } from '@jnpf/core';
import { Alert, Button, Form, Input, InputNumber, Select } from 'antd';
import { useState } from 'react';
import { FormDialog, maxLength, required } from '../../../components/admin';
import { useRecordInfo } from '../../../components/crud/recordDialog';
import type { FormSlot } from '../../../components/crud/CrudList';
import { TailFields } from '../../../components/form/CommonFields';
import { failureMessage } from '../../../platform/request';
import { DEFAULT_PORTS, dataSourceApi, type DataSourceInfo, type DataSourceInput, type DbType } from './api';
import { texts } from './texts';

interface Values {
  fullName: string;
  dbType: DbType;
  host: string;
  port: number;
  serviceName: string;
  userName: string;
  password?: string;
  dbSchema?: string;
  connectionLimit: number;
  sortCode?: number;
  enabledMark: number;
  description?: string;
}

const NEW_SOURCE: Partial<Values> = {
  dbType: 'PostgreSQL',
  port: DEFAULT_PORTS.PostgreSQL,
  connectionLimit: 5,
  sortCode: 0,
  enabledMark: 1,
};

/** the connection's fields the test needs */
const CONNECTION_FIELDS = ['fullName', 'dbType', 'host', 'port', 'serviceName', 'userName', 'password'] as const;

function inputOf(values: Values): DataSourceInput {
  return {
    fullName: values.fullName.trim(),
    dbType: values.dbType,
    host: values.host.trim(),
    port: values.port,
    serviceName: values.serviceName.trim(),
    userName: values.userName.trim(),
    password: values.password ?? '',
    ...(values.dbSchema?.trim() ? { dbSchema: values.dbSchema.trim() } : {}),
    connectionLimit: values.connectionLimit ?? 5,
    sortCode: values.sortCode ?? 0,
    enabledMark: values.enabledMark ?? 1,
    description: values.description ?? '',
  };
}

export function DataSourceForm(slot: FormSlot) {
  const t = texts.useText();
  const { open, id } = slot;
  const [form] = Form.useForm<Values>();
  const [tested, setTested] = useState<{ ok: boolean; msg: string } | null>(null);
  const [testing, setTesting] = useState(false);
  const { editing, info, dialogProps } = useRecordInfo(
    slot,
    ['systemData', 'dataSource', 'info', id],
    dataSourceApi.info,
    { add: t('add'), edit: t('edit') },
  );
  const initial: Partial<Values> | undefined =
    editing && info.data ? { ...fromInfo(info.data), password: '' } : NEW_SOURCE;

  const changeType = (dbType: DbType) => {
    const port = form.getFieldValue('port') as number | undefined;
    const known = Object.values(DEFAULT_PORTS);
    // a port left at a type's default follows the type; a typed one stays
    if (port == null || known.includes(port)) form.setFieldValue('port', DEFAULT_PORTS[dbType]);
  };

  const test = async () => {
    setTested(null);
    try {
      await form.validateFields([...CONNECTION_FIELDS]);
    } catch {
      return;
    }
    const values = form.getFieldsValue(true) as Values;
    setTesting(true);
    try {
      const answer: ApiResult<unknown> = await dataSourceApi.test({ ...inputOf(values), ...(editing ? { id } : {}) });
      setTested({ ok: answer.code === 200, msg: answer.msg || (answer.code === 200 ? t('testOk') : t('testFailed')) });
    } catch (error) {
      setTested({ ok: false, msg: failureMessage(error) });
    } finally {
      setTesting(false);
    }
  };

  return (
    <FormDialog<Values>
      {...dialogProps}
      open={open}
      form={form}
      width={700}
      initialValues={initial}
      onCancel={() => {
        setTested(null);
        slot.onClose();
      }}
      onSaved={() => {
        setTested(null);
        slot.onSaved();
      }}
      onSubmit={(values) => {
        const input = inputOf(values);
        return editing
          ? dataSourceApi.update(id!, { ...input, version: info.data?.version })
          : dataSourceApi.create(input);
      }}
    >
      <Form.Item
        name="fullName"
        label={t('fullName')}
        rules={[required(t('nameRequired')), maxLength(t('tooLong', { n: 50 }))]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="dbType" label={t('dbType')} rules={[{ required: true, message: t('typeRequired') }]}>
        <Select
          onChange={changeType}
          options={(Object.keys(DEFAULT_PORTS) as DbType[]).map((value) => ({ value, label: value }))}
        />
      </Form.Item>
      <Form.Item
        name="host"
        label={t('host')}
        rules={[required(t('hostRequired')), maxLength(t('tooLong', { n: 255 }), 255)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="port"
        label={t('port')}
        rules={[
          { required: true, message: t('portRequired') },
          { type: 'integer', min: 1, max: 65535, message: t('portRange') },
        ]}
      >
        <InputNumber min={1} max={65535} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item
        name="serviceName"
        label={t('serviceName')}
        rules={[required(t('serviceRequired')), maxLength(t('tooLong', { n: 100 }), 100)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item noStyle dependencies={['dbType']}>
        {({ getFieldValue }) =>
          getFieldValue('dbType') === 'PostgreSQL' ? (
            <Form.Item name="dbSchema" label={t('dbSchema')} rules={[maxLength(t('tooLong', { n: 100 }), 100)]}>
              <Input autoComplete="off" placeholder={t('dbSchemaHint')} />
            </Form.Item>
          ) : null
        }
      </Form.Item>
      <Form.Item
        name="userName"
        label={t('userName')}
        rules={[required(t('userRequired')), maxLength(t('tooLong', { n: 100 }), 100)]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={t('password')}
        rules={editing ? [] : [{ required: true, message: t('passwordRequired') }]}
      >
        <Input.Password autoComplete="new-password" placeholder={editing ? t('passwordKeep') : t('password')} />
      </Form.Item>
      <Form.Item
        name="connectionLimit"
        label={t('connectionLimit')}
        rules={[{ type: 'integer', min: 1, max: 50, message: t('limitRange') }]}
      >
        <InputNumber min={1} max={50} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <TailFields />
      <Form.Item label=" " colon={false}>
        <Button onClick={() => void test()} loading={testing}>
          {t('test')}
        </Button>
        {tested && (
          <Alert
            style={{ marginTop: 8 }}
            type={tested.ok ? 'success' : 'error'}
            showIcon
            role="status"
            title={tested.msg}
          />
        )}
      </Form.Item>
    </FormDialog>
  );
}

function fromInfo(info: DataSourceInfo): Partial<Values> {
  return {
    fullName: info.fullName,
    dbType: info.dbType,
    host: info.host,
    port: info.port,
    serviceName: info.serviceName,
    userName: info.userName,
    dbSchema: info.dbSchema ?? '',
    connectionLimit: info.connectionLimit ?? 5,
    sortCode: info.sortCode,
    enabledMark: info.enabledMark,
    description: info.description ?? '',
  };
}
