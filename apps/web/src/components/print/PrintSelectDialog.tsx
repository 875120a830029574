// The print-template picker (选择打印模板, 400 px): with exactly one template it is chosen at once; with more the
// server names the enabled ones and clicking one chooses it.
import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin } from 'antd';
import { useEffect, useRef } from 'react';
import { printApi } from './printApi';
import styles from './print.module.css';
import { printTexts } from './texts';

interface Props {
  open: boolean;
  /** the templates linked to the page */
  ids: readonly string[];
  onSelect: (template: { id: string; fullName?: string }) => void;
  onClose: () => void;
}

export function PrintSelectDialog({ open, ids, onSelect, onClose }: Props) {
  const t = printTexts.useText();
  const single = ids.length === 1;
  const chosen = useRef(onSelect);
  chosen.current = onSelect;
  useEffect(() => {
    if (open && single) chosen.current({ id: ids[0]! });
  }, [open, single, ids]);
  const options = useQuery({
    queryKey: ['print', 'options', ids.join(',')],
    queryFn: () => printApi.options(ids),
    enabled: open && ids.length > 1,
    gcTime: 0,
  });
  return (
    <Modal open={open && !single} title={t('pickTitle')} width={400} footer={null} onCancel={onClose} destroyOnHidden>
      {options.isLoading ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : options.data?.length ? (
        <div className={styles.templateList}>
          {options.data.map((o) => (
            <Button key={o.id} block onClick={() => onSelect(o)}>
              {o.fullName}
            </Button>
          ))}
        </div>
      ) : (
        <Empty description={t('noTemplate')} />
      )}
    </Modal>
  );
}
