// My signatures: the list with the default marked, make default, delete, and draw a new one.
import { DeleteOutlined, PlusOutlined, StarOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Spin, Tag } from 'antd';
import { useState } from 'react';
import { loadUserSession } from '../../../app/session/loadUserSession';
import {
  deleteSignImage,
  fetchSignImages,
  setDefaultSignImage,
  type SignImage,
} from '../../../platform/api/currentUser';
import { feedback } from '../../../platform/feedback';
import { useProfileText } from '../texts';
import SignatureDialog from './SignatureDialog';
import styles from './SignaturePanel.module.css';

export const SIGNATURES_KEY = ['currentUser', 'signImg'] as const;

export default function SignaturePanel() {
  const text = useProfileText();
  const queryClient = useQueryClient();
  const [modal, modalHolder] = Modal.useModal();
  const [drawing, setDrawing] = useState(false);
  const { data: signatures = [], isFetching } = useQuery({
    queryKey: SIGNATURES_KEY,
    queryFn: async () => (await fetchSignImages()).data ?? [],
  });

  const changed = () => {
    void queryClient.invalidateQueries({ queryKey: SIGNATURES_KEY });
    // The session's signImg is the default signature.
    void loadUserSession().catch(() => undefined);
  };

  const makeDefault = async (item: SignImage) => {
    try {
      const result = await setDefaultSignImage(item.id);
      feedback.success(result.msg, 1.5);
      changed();
    } catch {
      // reported by the request layer
    }
  };

  const remove = (item: SignImage) => {
    modal.confirm({
      title: text('delete'),
      content: text('deleteSignatureConfirm'),
      okText: text('confirm'),
      cancelText: text('cancel'),
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const result = await deleteSignImage(item.id);
          feedback.success(result.msg, 1.5);
          changed();
        } catch {
          // reported by the request layer
        }
      },
    });
  };

  return (
    <div>
      {modalHolder}
      <div className={styles.toolbar}>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setDrawing(true)}>
          {text('addSignature')}
        </Button>
      </div>
      <Spin spinning={isFetching}>
        {signatures.length === 0 ? (
          <Empty description={text('signatureEmpty')} />
        ) : (
          <ul className={styles.grid}>
            {signatures.map((item) => (
              <li key={item.id} className={`${styles.card} ${item.isDefault === 1 ? styles.default : ''}`}>
                <img src={item.signImg} alt={text('signatureAlt')} className={styles.image} />
                <div className={styles.actions}>
                  {item.isDefault === 1 ? (
                    <Tag color="processing">{text('defaultSignature')}</Tag>
                  ) : (
                    <Button size="small" type="link" icon={<StarOutlined />} onClick={() => void makeDefault(item)}>
                      {text('setDefault')}
                    </Button>
                  )}
                  <Button size="small" type="link" danger icon={<DeleteOutlined />} onClick={() => remove(item)}>
                    {text('delete')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Spin>
      <SignatureDialog open={drawing} onClose={() => setDrawing(false)} onSaved={changed} />
    </div>
  );
}
