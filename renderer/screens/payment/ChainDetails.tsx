/** On-chain payments: the deposit address, tag and amount as text to copy, for wallets that cannot scan. */
import type { InstructionView } from '../../../shared/posapi.js';
import { t } from '../../app/text.js';
import { CopyButton } from '../../components/CopyButton.js';

export function ChainDetails({ instruction }: { instruction: InstructionView }) {
  return (
    <dl className="chain-details">
      <dt>{t('address')}</dt>
      <dd>
        <code>{instruction.destination}</code> <CopyButton value={instruction.destination} label={t('address')} />
      </dd>
      {instruction.tag ? (
        <>
          <dt>{t('tag')}</dt>
          <dd>
            <code>{instruction.tag}</code> <CopyButton value={instruction.tag} label={t('tag')} />
          </dd>
        </>
      ) : null}
      <dt>{t('amount')}</dt>
      <dd>
        <code>{instruction.paymentAmount}</code> <CopyButton value={instruction.paymentAmount} label={t('amount')} />
      </dd>
    </dl>
  );
}
