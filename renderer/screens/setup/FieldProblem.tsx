/** What is wrong with one Setup field, right under it; its input names it in aria-describedby (`<input id>-problem`). */
import { t, type TextKey } from '../../app/text.js';
import './field-problem.css';

export function FieldProblem({ inputId, problem }: { inputId: string; problem: TextKey | undefined }) {
  if (!problem) return null;
  return (
    <small id={`${inputId}-problem`} className="field-message error">
      {t(problem)}
    </small>
  );
}

/** The ids an input's aria-describedby lists: its hint, and its problem when it has one. */
export function describedBy(inputId: string, problem: TextKey | undefined, ...others: string[]): string {
  return [...others, ...(problem ? [`${inputId}-problem`] : [])].join(' ');
}
