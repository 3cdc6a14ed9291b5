/** The cart belongs to who rings it up: a sign-in by the same person keeps it, anyone else starts empty. */
import { describe, expect, it } from 'vitest';
import { useCart } from '../../renderer/state/cart.js';

describe('cart holder', () => {
  it('keeps the cart for the same person and empties it for another', () => {
    const cart = useCart.getState();
    cart.holdFor('acc-owner');
    useCart.getState().addCustom('3.50', 'Custom amount');
    useCart.getState().setOrderDiscount({ kind: 'percent', value: '10' });
    useCart.getState().holdFor('acc-owner'); // locked, then back: same person
    expect(useCart.getState().lines).toHaveLength(1);
    useCart.getState().holdFor('acc-cora'); // someone else signs in
    expect(useCart.getState()).toMatchObject({ lines: [], orderDiscount: undefined, heldBy: 'acc-cora' });
  });
});
