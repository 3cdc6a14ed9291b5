/**
 * The tip question on the customer display: the shop's presets with what each comes to, another
 * amount, or no tip. The payer's tap is the display's one input (POST /display/tip with the display
 * token): it answers the open question once; the cashier's screen takes it from there.
 */
import { useState } from 'react';
import { compare, decimalPlaces, isDecimalText } from '../../shared/money.js';
import type { DisplayTipQuestion } from '../../shared/posapi-counter.js';
import type { TipChoice } from '../../shared/cart/types.js';
import { pt } from '../payer/text.js';
import { moneyAmount } from '../payer/words.js';
import { decimalTyped } from '../../shared/i18n/format.js';

async function sendAnswer(token: string, questionId: string, tip: TipChoice): Promise<string> {
  try {
    const response = await fetch('/display/tip', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-paydesk-display-token': token },
      body: JSON.stringify({ questionId, tip }),
    });
    if (response.ok) return '';
    const body = (await response.json()) as { error?: { message?: string } };
    return body.error?.message ?? String(response.status);
  } catch (error) {
    return (error as Error).message;
  }
}

function customProblem(text: string, q: DisplayTipQuestion): boolean {
  const value = decimalTyped(text.trim());
  return !isDecimalText(value) || value === '' || decimalPlaces(value) > q.places || compare(value, q.maxAmount) > 0;
}

/** The thank-you after the payer's tip choice; the display keeps it a few seconds (CustomerDisplay). */
export function TipThanks() {
  return (
    <main className="message tip-thanks">
      <p className="mark" aria-hidden="true">
        ♥
      </p>
      <div role="status">
        <h1>{pt('tipThanks')}</h1>
      </div>
    </main>
  );
}

export function TipOnDisplay({
  question,
  token,
  locale,
  onAnswered,
}: {
  question: DisplayTipQuestion;
  token: string;
  locale: string;
  /** The till took the answer (the question closes at once; the display thanks the payer). */
  onAnswered?: () => void;
}) {
  const [custom, setCustom] = useState('');
  const [state, setState] = useState<{ sent: string; error: string }>({ sent: '', error: '' });
  const s = question.symbol;
  const money = (amount: string) => moneyAmount(amount, s, locale, question.places);
  const answer = async (tip: TipChoice) => {
    const error = await sendAnswer(token, question.questionId, tip);
    setState({ sent: error ? '' : question.questionId, error });
    if (!error) onAnswered?.();
  };
  if (state.sent === question.questionId) return <TipThanks />;
  const bad = custom.trim() !== '' && customProblem(custom, question);
  return (
    <main className="tip-view">
      <h1 id="tip-question">{pt('tipQuestion')}</h1>
      <p className="tip-on">{pt('tipOn', { amount: money(question.saleTotal), symbol: s })}</p>
      <div className="tip-choices" role="group" aria-labelledby="tip-question">
        {question.presets.map((p) => (
          <button key={p.percent} type="button" onClick={() => void answer({ kind: 'percent', value: p.percent })}>
            {pt('tipPreset', { percent: p.percent, amount: money(p.amount), symbol: s })}
          </button>
        ))}
        <button type="button" onClick={() => void answer({ kind: 'none' })}>
          {pt('tipNone')}
        </button>
      </div>
      <form
        className="tip-custom"
        onSubmit={(e) => {
          e.preventDefault();
          if (!customProblem(custom, question)) void answer({ kind: 'amount', value: decimalTyped(custom.trim()) });
        }}
      >
        <label>
          {pt('tipCustomLabel', { symbol: s })}
          <input
            inputMode="decimal"
            value={custom}
            aria-invalid={bad}
            aria-describedby={bad ? 'tip-custom-bad' : undefined}
            onChange={(e) => setCustom(e.target.value)}
          />
        </label>
        <button type="submit" disabled={custom.trim() === '' || bad}>
          {pt('tipCustomAdd')}
        </button>
        {bad && (
          <p id="tip-custom-bad" className="tip-bad" role="alert">
            {pt('tipCustomBad', { places: question.places, max: money(question.maxAmount), symbol: s })}
          </p>
        )}
      </form>
      {state.error && (
        <p className="tip-bad" role="alert">
          {pt('tipRefused', { message: state.error })}
        </p>
      )}
    </main>
  );
}
