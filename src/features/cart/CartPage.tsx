/**
 * The cart page's island: the cart, with the error screen ('Oops! Something went wrong', Try Again)
 * around it. `drawn`: the cart as the page drew it before React (drawn.ts), taken over as it is.
 */
import { Component, type ReactNode } from 'react';
import { CartView } from './CartView.tsx';
import { CartError } from './CartStates.tsx';
import type { DrawnCart } from './drawn.ts';

class CartErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('Cart error', error);
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto max-w-5xl px-4 py-8">
        <h1 className="text-2xl font-bold text-stone-900">Shopping Cart</h1>
        <CartError />
      </div>
    );
  }
}

export default function CartPage({ drawn }: { drawn?: DrawnCart }) {
  return (
    <CartErrorBoundary>
      <CartView drawn={drawn} />
    </CartErrorBoundary>
  );
}
