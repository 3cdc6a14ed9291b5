/**
 * On-chain payments on a real rail: a warning when the chain's scanner is not healthy (an error, or no
 * block seen yet), since the payment would not be seen until it is (docs/api.md, "Live rails").
 */
import { useQuery } from '@tanstack/react-query';
import type { InstructionView } from '../../../shared/posapi.js';
import { usePosApi } from '../../app/api-context.js';
import { t } from '../../app/text.js';

export function ScannerWarning({ instruction }: { instruction: InstructionView }) {
  const api = usePosApi();
  const health = useQuery({
    queryKey: ['rails.health'],
    queryFn: () => api.call('rails.health', {}),
    refetchInterval: 10_000,
    enabled: instruction.isChain,
  });
  const rail = health.data?.find((h) => h.network === instruction.network);
  if (!rail || (rail.lastError === '' && rail.lastBlock >= 0)) return null;
  return (
    <p role="alert" className="warning">
      {t('scannerDown', { network: rail.network, error: rail.lastError || t('scannerNoBlock') })}
    </p>
  );
}
