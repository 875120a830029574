// The electronic seal screen: a paged list with keyword search, add, edit and delete (its columns in data.tsx).
import { CrudList } from '../../../components/crud/CrudList';
import { signatureApi, signatureKeys, type SignatureRow } from './api';
import { useSignatureColumns, useSignatureTail } from './data';
import { SignatureForm } from './SignatureForm';
import { texts } from './texts';

export default function SignaturePage() {
  const t = texts.useText();
  const columns = useSignatureColumns();
  const tail = useSignatureTail();
  return (
    <CrudList<SignatureRow, Record<string, never>>
      title={t('title')}
      queryKey={signatureKeys.list}
      url={signatureApi.listUrl}
      columns={columns}
      tail={tail}
      remove={(row) => signatureApi.remove(row.id)}
      actionsWidth={130}
      renderForm={(slot) => <SignatureForm {...slot} />}
      scrollX={800}
    />
  );
}
