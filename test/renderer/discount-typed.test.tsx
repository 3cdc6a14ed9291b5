/**
 * The order discount typed wrong ("abc"): the reason is said under the field in words and the field is
 * marked invalid for screen readers; before, Apply only turned grey with no word.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
