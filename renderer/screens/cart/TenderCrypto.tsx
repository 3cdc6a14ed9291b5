/**
 * The crypto part of Sell's Pay step: what is left for crypto, "Pay with" and the method, in a region that
 * scrolls inside the step (1024x600 with many assets). The chips scrolled out of sight are said by a strip
 * over the region's bottom edge ("7 more below", "▴ 3 more above"), so a row cut at the edge is never the only sign of them.
 */
import { t } from '../../app/text.js';
import { MoreCue, useOutOfSight } from '../../components/MoreCue.js';
import { AssetPicker, MethodChoice } from '../charge/AssetPicker.js';
import './pay-step.css';

export function TenderCrypto({
  rest,
  picker,
  method,
}: {
  /** "Rest in crypto: …", in words. */
  rest: string;
  /** What AssetPicker takes; `afterPointerPick` runs after a chip chosen by a tap or click. */
  picker: Pick<Parameters<typeof AssetPicker>[0], 'assets' | 'selectedId' | 'onPick' | 'afterPointerPick'>;
  method: Parameters<typeof MethodChoice>[0];
}) {
  const { ref, seen } = useOutOfSight('button.asset');
  return (
    <div className="tender-crypto" ref={ref}>
      <p className="rest">{rest}</p>
      <AssetPicker {...picker} emptyReason={t('loading')} />
      <MethodChoice {...method} />
      <MoreCue
        parts={[
          seen.above > 0 ? `▴ ${t('moreAssetsAbove', { count: seen.above })}` : '',
          seen.below > 0 ? `${t('moreAssetsBelow', { count: seen.below })} ▾` : '',
        ]}
      />
    </div>
  );
}
