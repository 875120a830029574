// About the platform: the product's name, version, company and copyright from the system
// configuration.
import { Descriptions, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { DEFAULT_SYS_VERSION } from '../../platform/config';
import { useSession } from '../../platform/session';
import { useShellText } from '../texts';

export default function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const text = useShellText();
  const sysConfig = useSession((state) => state.sysConfigInfo);
  const items = [
    { key: 'name', label: text('aboutName'), children: sysConfig.sysName || sysConfig.title || t('app.defaultTitle') },
    { key: 'version', label: text('aboutVersion'), children: sysConfig.sysVersion || DEFAULT_SYS_VERSION },
    ...(sysConfig.companyName
      ? [{ key: 'company', label: text('aboutCompany'), children: sysConfig.companyName }]
      : []),
    ...(sysConfig.copyright
      ? [{ key: 'copyright', label: text('aboutCopyright'), children: sysConfig.copyright }]
      : []),
  ];
  return (
    <Modal
      open={open}
      title={text('about')}
      onCancel={onClose}
      onOk={onClose}
      okText={text('close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={480}
    >
      <Descriptions column={1} bordered size="small" items={items} />
    </Modal>
  );
}
