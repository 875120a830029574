// The seal dialog, 600 px: name, code, authorised users, the seal image (uploaded and sent as a data URL),
// sort and description.
import { UploadOutlined } from '@ant-design/icons';
import { Button, Form, Space, Upload } from 'antd';
import { FormDialog, maxLength, pattern, required } from '../../../components/admin';
import { useRecordInfo } from '../../../components/crud/recordDialog';
import { DescriptionField, SortCodeField, TextField } from '../../../components/form/CommonFields';
import { UserSelect } from '../../../components/directory/UserSelect';
import { signatureApi, type SignatureInput } from './api';
import { acceptableImage, ICON_TYPES, readAsDataUrl } from './image';
import styles from './SignaturePage.module.css';
import { texts } from './texts';

interface Props {
  open: boolean;
  id?: string;
  onClose: () => void;
  onSaved: () => void;
}

type Values = Omit<SignatureInput, 'version'>;

/** the image field: a preview and an upload button; the value is the data URL (or a stored path) */
function ImageField({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const t = texts.useText();
  const form = Form.useFormInstance();
  return (
    <Space orientation="vertical" size={8}>
      {value ? (
        <img src={value} alt={t('icon')} className={styles.seal} />
      ) : (
        <div className={styles.sealEmpty}>{t('icon')}</div>
      )}
      <Upload
        accept={ICON_TYPES.join(',')}
        showUploadList={false}
        beforeUpload={async (file) => {
          if (!acceptableImage(file)) form.setFields([{ name: 'icon', errors: [t('iconInvalid')] }]);
          else onChange?.(await readAsDataUrl(file));
          return false;
        }}
      >
        <Button icon={<UploadOutlined />}>{t('upload')}</Button>
      </Upload>
    </Space>
  );
}

export function SignatureForm({ open, id, onClose, onSaved }: Props) {
  const t = texts.useText();
  const [form] = Form.useForm<Values>();
  const { editing, info, dialogProps } = useRecordInfo(
    { open, id, onClose, onSaved },
    ['system', 'signature', 'info', id],
    signatureApi.info,
    { add: t('add'), edit: t('edit') },
  );
  const submit = (values: Values) => {
    const input = {
      fullName: values.fullName.trim(),
      enCode: values.enCode.trim(),
      userIds: values.userIds ?? [],
      icon: values.icon,
      sortCode: values.sortCode ?? 0,
      description: values.description ?? '',
    };
    return editing ? signatureApi.update(id!, { ...input, version: info.data?.version }) : signatureApi.create(input);
  };

  return (
    <FormDialog<Values>
      {...dialogProps}
      form={form}
      width={600}
      initialValues={editing && info.data ? info.data : { userIds: [], sortCode: 0, description: '' }}
      onSubmit={submit}
    >
      <TextField
        name="fullName"
        label={t('fullName')}
        rules={[required(t('nameRequired')), maxLength(t('nameTooLong'))]}
      />
      <TextField
        name="enCode"
        label={t('enCode')}
        rules={[
          required(t('codeRequired')),
          maxLength(t('codeFormat')),
          pattern(/^[A-Za-z0-9][A-Za-z0-9_.-]*$/, t('codeFormat')),
        ]}
      />
      <Form.Item
        name="userIds"
        label={t('userIds')}
        rules={[{ required: true, type: 'array', min: 1, message: t('usersRequired') }]}
      >
        {/* the "select user" dialog (users found through the organisation tree or a keyword, never all of
            them); held users, also those disabled since, are named by the selected-list call */}
        <UserSelect multiple placeholder={t('chooseUsers')} />
      </Form.Item>
      <Form.Item
        name="icon"
        label={t('icon')}
        extra={t('uploadHint')}
        rules={[{ required: true, message: t('iconRequired') }]}
      >
        <ImageField />
      </Form.Item>
      <SortCodeField label={t('sortCode')} />
      <DescriptionField label={t('description')} checked={false} />
    </FormDialog>
  );
}
