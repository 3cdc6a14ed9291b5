/**
 * The order discount typed wrong ("abc", or a percent above 100): the reason is said under the field in
 * words and the field is marked invalid for screen readers; before, Apply only turned grey with no word.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DiscountEditor } from '../../renderer/screens/cart/DiscountEditor.js';

describe('DiscountEditor: a discount that is not an amount', () => {
  it('says why under the field, marks it invalid, and Apply waits', () => {
    render(<DiscountEditor label="Discount on the whole order" current={undefined} onApply={() => {}} />);
    const field = screen.getByLabelText('Discount');
    fireEvent.change(field, { target: { value: 'abc' } });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Discount on the whole order: type an amount such as 12.50.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(field.getAttribute('aria-describedby')).toBe(alert.id);
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: '10' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field.getAttribute('aria-invalid')).toBe('false');
    expect((screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('says a percent above 100 is too much; an amount of 150 is fine; what is applied is the trimmed text', () => {
    const onApply = vi.fn();
    render(<DiscountEditor label="Discount on the whole order" current={undefined} onApply={onApply} />);
    const field = screen.getByLabelText('Discount');
    const apply = screen.getByRole('button', { name: 'Apply' }) as HTMLButtonElement;
    fireEvent.change(field, { target: { value: '150' } });
    expect(screen.getByRole('alert').textContent).toBe('A percent discount cannot be more than 100%.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(apply.disabled).toBe(true);
    fireEvent.change(screen.getByRole('combobox', { name: 'Discount in' }), { target: { value: 'amount' } });
    expect(screen.queryByRole('alert')).toBeNull();
    expect(apply.disabled).toBe(false);
    fireEvent.change(field, { target: { value: ' 12.5 ' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledWith({ kind: 'amount', value: '12.5' });
  });
});
