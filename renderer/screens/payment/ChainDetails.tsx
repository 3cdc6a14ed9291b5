/**
 * On-chain payments: the deposit address (or the Lightning invoice), tag and amount as text to copy,
 * for wallets that cannot scan; large enough for a payer to read across the counter.
 */
import type { InstructionView } from '../../../shared/posapi.js';
import { isLightning, networkLabel } from '../../app/network.js';
import { t } from '../../app/text.js';
import { CopyButton } from '../../components/CopyButton.js';

export function ChainDetails({ instruction }: { instruction: InstructionView }) {
  const where = isLightning(instruction.network) ? t('invoice') : t('address');
  return (
    <dl className="chain-details">
      <dt>
        {where} · {networkLabel(instruction.network, instruction.paymentSymbol)}
      </dt>
      <dd>
        <code>{instruction.destination}</code> <CopyButton value={instruction.destination} label={where} />
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
